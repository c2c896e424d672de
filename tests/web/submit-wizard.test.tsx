// /submit: a peptide with no common effects can be
// reported; numbers follow the contract at their step; a refusal the server still sends goes to
// its step and field; the step heading takes focus after Next; Bold with nothing selected; the
// confirmation says when and why a report waits for review.
import { fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EffectsResponse, SubmitExperienceRequest, SubmitExperienceResponse } from '@contract/experiences';
import { HOLD_REASON_TEXT } from '@contract/moderation';
import { OVERALL_OUTCOME } from '@contract/rules';
import { choosePeptide } from './helpers/peptide-picker';
import { renderApp } from './helpers/render-app';
import { catalogueBody, errorBody, makePeptide } from './msw/fixtures';
import { server } from './msw/server';

const PLAIN = makePeptide({ _id: '11111111-1111-4111-8111-111111111112', name: 'Newpep', commonEffects: [] });
const BPC = makePeptide({ _id: '11111111-1111-4111-8111-111111111111', name: 'BPC-157', commonEffects: ['Energy'] });
const TRK = 'TRK-12345678901234567890';
const STORY = 'A report about a peptide nobody has described yet, written with care and detail. '.repeat(2);

vi.setConfig({ testTimeout: 20_000 });

let sent: SubmitExperienceRequest[] = [];
let answer: { status: 'published' | 'held'; holdReasons: string[] } = { status: 'published', holdReasons: [] };

/** The answer to a valid submission: what the author lacks, never the report's card. */
function successBody() {
  return SubmitExperienceResponse.parse({
    success: true,
    data: {
      ...answer,
      trackingId: TRK,
      experience: { _id: '22222222-2222-4222-8222-222222222222' },
    },
  });
}

beforeEach(() => {
  sessionStorage.clear();
  sent = [];
  answer = { status: 'published', holdReasons: [] };
  server.use(
    http.get('/api/peptides/catalogue', () => HttpResponse.json(catalogueBody([BPC, PLAIN]))),
    http.get('/api/effects', () =>
      HttpResponse.json(EffectsResponse.parse({ success: true, data: { effects: [], total: 0 } })),
    ),
    http.post('/api/experiences', async ({ request }) => {
      const body = (await request.json()) as SubmitExperienceRequest;
      sent.push(body);
      const parsed = SubmitExperienceRequest.safeParse(body);
      if (!parsed.success) return HttpResponse.json(errorBody(parsed.error.issues[0]!.message), { status: 400 });
      return HttpResponse.json(successBody(), { status: 201 });
    }),
  );
});
afterEach(() => {
  // jsdom has no scrollIntoView; one test adds a recording one.
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

async function open() {
  const app = renderApp('/submit');
  await screen.findByRole('combobox', { name: 'Peptide' }, { timeout: 8000 });
  return app;
}
type App = Awaited<ReturnType<typeof open>>;
const next = () => screen.getByRole('button', { name: 'Next' });

async function fillStep1(app: App, peptideId = PLAIN._id, duration = '30') {
  await choosePeptide(app.user, peptideId === BPC._id ? BPC.name : PLAIN.name);
  await app.user.type(screen.getByLabelText('Dose'), '1');
  await app.user.selectOptions(screen.getByLabelText('Unit'), 'mg');
  await app.user.selectOptions(screen.getByLabelText('Frequency'), 'daily');
  if (duration) await app.user.type(screen.getByLabelText('Duration (days)'), duration);
  await app.user.selectOptions(screen.getByLabelText('Route of administration'), 'oral');
}
async function toStep3(app: App, peptideId = PLAIN._id) {
  await fillStep1(app, peptideId);
  await app.user.click(next());
  await app.user.click(screen.getByRole('checkbox', { name: 'Recovery' }));
  await app.user.selectOptions(screen.getByLabelText('Age range'), '30-34');
  await app.user.selectOptions(screen.getByLabelText('Biological sex'), 'female');
  await app.user.selectOptions(screen.getByLabelText('Activity level'), 'active');
  await app.user.click(next());
  await screen.findByText('Step 3 of 4');
}
async function toStep4(app: App, peptideId = PLAIN._id) {
  await toStep3(app, peptideId);
  fireEvent.change(screen.getAllByRole('slider')[0]!, { target: { value: '6' } });
  await app.user.selectOptions(screen.getByLabelText('When did you notice effects?'), '1-week');
  await app.user.click(next());
  await screen.findByText('Step 4 of 4');
  await app.user.click(screen.getByLabelText('Your story'));
  await app.user.paste(STORY);
}
const submit = (app: App) => app.user.click(screen.getByRole('button', { name: 'Submit Experience' }));

describe('a peptide without common effects', () => {
  it('offers its overall effect and effects the person adds, and the report is sent', async () => {
    const app = await open();
    await toStep3(app);
    const overall = screen.getByRole('slider', { name: OVERALL_OUTCOME });
    expect(overall).toHaveAttribute('aria-valuetext', 'Not rated');
    expect(screen.getByText(/This peptide lists no common effects yet/)).toBeInTheDocument();
    fireEvent.change(overall, { target: { value: '8' } });
    const name = screen.getByLabelText('Add an effect to rate');
    await app.user.type(name, 'Focus{Enter}');
    expect(screen.getByRole('slider', { name: 'Focus' })).toHaveAttribute('aria-valuetext', 'Not rated');
    expect(name).toHaveValue('');
    // The contract counts "focus" and "Focus" as one effect: refused before it is added.
    await app.user.type(name, 'focus');
    await app.user.click(screen.getByRole('button', { name: 'Add effect' }));
    expect(name).toHaveAccessibleDescription('Focus is on the list already');
    await app.user.clear(name);
    // With nothing to rate, Next says so at this step and puts the cursor where it is fixed.
    await app.user.click(screen.getByRole('button', { name: `Remove ${OVERALL_OUTCOME}` }));
    await app.user.click(screen.getByRole('button', { name: 'Remove Focus' }));
    await app.user.selectOptions(screen.getByLabelText('When did you notice effects?'), '1-week');
    await app.user.click(next());
    expect(screen.getByText('Step 3 of 4')).toBeInTheDocument();
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription('Rate at least one effect: move its slider off "Not rated"');
    await app.user.type(name, 'Sleep quality{Enter}');
    // Added, but still "Not rated": not enough, and the message moves to its slider.
    await app.user.click(next());
    const sleep = screen.getByRole('slider', { name: 'Sleep quality' });
    expect(sleep).toHaveFocus();
    fireEvent.change(sleep, { target: { value: '5' } });
    await app.user.click(next());
    await screen.findByText('Step 4 of 4');
    await app.user.click(screen.getByLabelText('Your story'));
    await app.user.paste(STORY);
    await submit(app);
    expect(await screen.findByTestId('tracking-id')).toHaveTextContent(TRK);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.outcomes).toEqual({ 'Sleep quality': 5 });
  });

  it('sends the overall effect as rated', async () => {
    const app = await open();
    await toStep3(app);
    fireEvent.change(screen.getByRole('slider', { name: OVERALL_OUTCOME }), { target: { value: '8' } });
    await app.user.selectOptions(screen.getByLabelText('When did you notice effects?'), '1-week');
    await app.user.click(next());
    await app.user.click(await screen.findByLabelText('Your story'));
    await app.user.paste(STORY);
    await submit(app);
    await screen.findByTestId('tracking-id');
    expect(sent[0]!.outcomes).toEqual({ [OVERALL_OUTCOME]: 8 });
  });
});

describe('number fields follow the contract at their step', () => {
  it.each([
    ['12abc', 'Duration must be a whole number of days, like 30'],
    ['42.7', 'Duration must be a whole number of days, like 30'],
    ['99999', 'Duration must be at most 3650 days'],
  ])('refuses a duration of %s with a message under the field', async (typed, message) => {
    const app = await open();
    await fillStep1(app, BPC._id, typed);
    await app.user.click(next());
    expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();
    const duration = screen.getByLabelText('Duration (days)');
    expect(duration).toHaveFocus();
    expect(duration).toHaveAttribute('aria-invalid', 'true');
    expect(duration).toHaveAccessibleDescription(message);
    await app.user.clear(duration);
    await app.user.type(duration, '3650');
    expect(duration).not.toHaveAttribute('aria-invalid');
    await app.user.click(next());
    expect(screen.getByText('Step 2 of 4')).toBeInTheDocument();
  });

  it('shows the message once the field is left, before Next', async () => {
    const app = await open();
    await app.user.type(screen.getByLabelText('Duration (days)'), '99999');
    expect(screen.queryByText('Duration must be at most 3650 days')).not.toBeInTheDocument();
    await app.user.tab();
    expect(screen.getByText('Duration must be at most 3650 days')).toBeInTheDocument();
  });
});

describe('when the server still refuses', () => {
  it('puts the message under the field its issues[].path names, whatever the wording', async () => {
    const refusal = {
      ...errorBody('That vendor address is not allowed', 'validation_failed'),
      issues: [{ path: ['dosage'], message: 'That vendor address is not allowed' }],
    };
    server.use(http.post('/api/experiences', () => HttpResponse.json(refusal, { status: 400 })));
    const app = await open();
    await toStep4(app);
    await submit(app);
    expect(await screen.findByText('Step 1 of 4')).toBeInTheDocument();
    // `dosage` is written from the dose fields: its refusal goes under the dose.
    const dose = screen.getByLabelText('Dose');
    expect(dose).toHaveAccessibleDescription('That vendor address is not allowed');
    expect(dose).toHaveFocus();
  });

  it('goes to the step and shows the message under the field it names', async () => {
    server.use(
      http.post('/api/experiences', () =>
        HttpResponse.json(
          {
            ...errorBody('peptideId: no such peptide'),
            issues: [{ path: ['peptideId'], message: 'peptideId: no such peptide' }],
          },
          { status: 400 },
        ),
      ),
    );
    const app = await open();
    await toStep4(app);
    await submit(app);
    expect(await screen.findByText('Step 1 of 4')).toBeInTheDocument();
    const peptide = screen.getByLabelText('Peptide');
    expect(peptide).toHaveAccessibleDescription('Peptide: no such peptide');
    expect(peptide).toHaveFocus();
    // What was typed is kept.
    expect(screen.getByLabelText('Dose')).toHaveValue('1');
    expect(screen.getByLabelText('Unit')).toHaveValue('mg');
  });
});

describe('moving between steps', () => {
  it('brings the new step into view and focuses its heading after Next and Previous', async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    const app = await open();
    await fillStep1(app);
    await app.user.click(next());
    const heading = await screen.findByRole('heading', { level: 2, name: 'Context & Goals' });
    expect(heading).toHaveFocus();
    expect(scrolled).toContain(heading);
    await app.user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Peptide Details' })).toHaveFocus();
  });
});

describe('story editor', () => {
  it('Bold with nothing selected inserts a selected placeholder that typing replaces, never ****', async () => {
    const app = await open();
    await toStep4(app, BPC._id);
    const story = screen.getByLabelText('Your story') as HTMLTextAreaElement;
    await app.user.clear(story);
    await app.user.click(screen.getByRole('button', { name: 'Bold' }));
    expect(story).toHaveValue('**bold text**');
    expect(story).toHaveFocus();
    expect([story.selectionStart, story.selectionEnd]).toEqual([2, 11]);
    await app.user.keyboard('strong');
    expect(story).toHaveValue('**strong**');
  });

  it('Bold with a selection wraps it and keeps it selected', async () => {
    const app = await open();
    await toStep4(app, BPC._id);
    const story = screen.getByLabelText('Your story') as HTMLTextAreaElement;
    await app.user.clear(story);
    await app.user.type(story, 'hello world');
    story.setSelectionRange(6, 11);
    await app.user.click(screen.getByRole('button', { name: 'Bold' }));
    expect(story).toHaveValue('hello **world**');
    expect([story.selectionStart, story.selectionEnd]).toEqual([8, 13]);
  });
});

describe('confirmation', () => {
  it('says that a held report waits for review, and why', async () => {
    answer = { status: 'held', holdReasons: ['link', 'phone'] };
    const app = await open();
    await toStep4(app, BPC._id);
    await submit(app);
    const notice = await screen.findByTestId('held-notice');
    expect(notice).toHaveTextContent('Your report is not public yet: it waits for a moderator’s review.');
    expect(within(notice).getByText(HOLD_REASON_TEXT.link)).toBeInTheDocument();
    expect(within(notice).getByText(HOLD_REASON_TEXT.phone)).toBeInTheDocument();
    expect(screen.getByTestId('tracking-id')).toHaveTextContent(TRK);
  });

  it('says nothing of review when the report is published', async () => {
    const app = await open();
    await toStep4(app, BPC._id);
    await submit(app);
    await screen.findByTestId('tracking-id');
    expect(screen.queryByTestId('held-notice')).not.toBeInTheDocument();
    expect(screen.queryByText(/moderator/)).not.toBeInTheDocument();
  });
});

describe('an effect typed and not added', () => {
  it('is kept and Next asks about it instead of dropping it; step 3 has one add-effect control', async () => {
    const app = await open();
    await toStep3(app);
    // One control adds an effect to rate; side effects have their own, apart.
    expect(screen.getAllByRole('button', { name: /^Add/ }).map((b) => b.textContent)).toEqual([
      'Add effect',
      'Add side effect',
    ]);
    fireEvent.change(screen.getByRole('slider', { name: OVERALL_OUTCOME }), { target: { value: '8' } });
    const name = screen.getByLabelText('Add an effect to rate');
    await app.user.type(name, 'Focus');
    await app.user.selectOptions(screen.getByLabelText('When did you notice effects?'), '1-week');
    await app.user.click(next());
    expect(screen.getByText('Step 3 of 4')).toBeInTheDocument();
    expect(name).toHaveValue('Focus');
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription('Press “Add effect” to rate what you typed, or clear the box.');
    await app.user.click(screen.getByRole('button', { name: 'Add effect' }));
    expect(screen.getByRole('slider', { name: 'Focus' })).toBeInTheDocument();
    await app.user.click(next());
    expect(await screen.findByText('Step 4 of 4')).toBeInTheDocument();
  });
});

describe('the story rule', () => {
  it('is stated once, keeps a pasted text over the limit whole in red, and blocks sending it', async () => {
    const app = await open();
    await toStep4(app, BPC._id);
    const story = screen.getByLabelText('Your story');
    await app.user.clear(story);
    await app.user.type(story, 'ten chars!');
    expect(screen.getByText(/At least 100 characters \(90 to go\)/)).toBeInTheDocument();
    expect(screen.queryByText(/min read/)).toBeNull();
    await submit(app);
    // The counter is the field's one message: no second sentence repeating the rule.
    expect(story).toHaveAccessibleDescription('10/1000 · At least 100 characters (90 to go)');
    await app.user.clear(story);
    await app.user.paste('x'.repeat(1100));
    expect(story).toHaveValue('x'.repeat(1100));
    expect(screen.getByText(/100 over the limit of 1000 characters: shorten it to send it/)).toBeInTheDocument();
    await submit(app);
    expect(sent).toHaveLength(0);
    expect(story).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('hold rules while writing', () => {
  it('says a shop link will wait for review and labels the preview so, before Submit', async () => {
    const app = await open();
    await toStep4(app, BPC._id);
    expect(screen.queryByTestId('hold-hint')).toBeNull();
    await app.user.type(screen.getByLabelText('Your story'), ' Bought it at shop.example.com');
    const hint = await screen.findByTestId('hold-hint');
    expect(hint).toHaveTextContent(HOLD_REASON_TEXT.link);
    expect(screen.getByRole('heading', { name: /once a moderator approves it/ })).toBeInTheDocument();
    expect(screen.queryByText('Long enough')).toBeNull();
  });
});

describe('the tracking ID on the confirmation', () => {
  it('says it is the only key, offers Copy and Download, groups the digits, and leads to the report and the Privacy page', async () => {
    answer = { status: 'held', holdReasons: ['link'] };
    const app = await open();
    await toStep4(app, BPC._id);
    await submit(app);
    const id = await screen.findByTestId('tracking-id');
    // Grouped on screen, one word when copied.
    expect(id.textContent).toBe(TRK);
    expect(within(id).getByText('1234')).toBeInTheDocument();
    expect(screen.getByText('This is the only key. We cannot recover it.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download (.txt)' })).toBeInTheDocument();
    // No toast over the confirmation's buttons.
    expect(screen.queryByText(/Your tracking ID is/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Manage it on the Privacy page' })).toHaveAttribute('href', '/privacy');
    await app.user.click(screen.getByRole('link', { name: 'View your report' }));
    // The Privacy page opens on Your Data with the report looked up; the ID never enters the address.
    expect(await screen.findByRole('tab', { name: 'Your Data', selected: true })).toBeInTheDocument();
    expect(app.location()).toBe('/privacy');
    expect(app.search().toString()).not.toContain('TRK');
  });

  it('leads to the public page of a report published at once', async () => {
    const app = await open();
    await toStep4(app, BPC._id);
    await submit(app);
    await screen.findByTestId('tracking-id');
    expect(screen.getByRole('link', { name: 'View your report' })).toHaveAttribute(
      'href',
      '/experiences/22222222-2222-4222-8222-222222222222',
    );
  });
});
