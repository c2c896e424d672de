// /submit step 4 (src/features/submit/SourcingSection.tsx, PublicCardPreview.tsx): "Publish
// sourcing details" defaults off and is sent as ticked; "This is what others will see" is the
// community card built from what was typed, with the demographics the disclosure endpoint
// allows, the vendor only when ticked, and nothing to click.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DisclosedCombinationsResponse } from '@contract/experiences';
import { DEMOGRAPHICS_NOT_SHOWN } from '@contract/rules';
import { choosePeptide } from './helpers/peptide-picker';
import { renderApp } from './helpers/render-app';
import { backend } from './msw/backend';
import { DEFAULT_PEPTIDES, errorBody } from './msw/fixtures';
import { server } from './msw/server';

const STORY = 'Week one was quiet; by week three my **shoulder** moved freely again and I slept through the night most days. '.repeat(2);
const BPC = DEFAULT_PEPTIDES[0]!;

vi.setConfig({ testTimeout: 30_000 });
const slow = { timeout: 8_000 };

/** The wizard's requests for the peptide's shown combinations: URL and Authorization header. */
let disclosureQueries: { url: URL; authorization: string | null }[] = [];
const MINE = { ageRange: '40-44', biologicalSex: 'female', activityLevel: 'athletic' };
const OTHER = { ageRange: '18-24', biologicalSex: 'male', activityLevel: 'moderate' };
/** Answers the peptide's shown combinations (with the form's own when `shown`), or fails with `status`. */
function answerDisclosure(answer: { shown: boolean } | { status: number }) {
  server.use(
    http.get('/api/peptides/:id/disclosed', ({ request }) => {
      disclosureQueries.push({ url: new URL(request.url), authorization: request.headers.get('authorization') });
      if ('status' in answer) return HttpResponse.json(errorBody('Not Found'), { status: answer.status });
      const combinations = answer.shown ? [OTHER, MINE] : [OTHER];
      return HttpResponse.json(DisclosedCombinationsResponse.parse({ success: true, data: { combinations, settleDays: 7 } }));
    }),
  );
}

beforeEach(() => {
  sessionStorage.clear();
  disclosureQueries = [];
});

async function toStep4() {
  const app = renderApp('/submit');
  const { user } = app;
  await choosePeptide(user, BPC.name);
  await user.type(screen.getByLabelText('Dosage'), ' 300 mcg ');
  await user.selectOptions(screen.getByLabelText('Frequency'), 'twice-weekly');
  await user.type(screen.getByLabelText('Duration (days)'), '42');
  await user.selectOptions(screen.getByLabelText('Route of administration'), 'subcutaneous');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.click(screen.getByRole('checkbox', { name: 'Injury Healing' }));
  await user.selectOptions(screen.getByLabelText('Age range'), '40-44');
  await user.selectOptions(screen.getByLabelText('Biological sex'), 'female');
  await user.selectOptions(screen.getByLabelText('Activity level'), 'athletic');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  fireEvent.change(screen.getAllByRole('slider')[0]!, { target: { value: '7' } });
  await user.selectOptions(screen.getByLabelText('When did you notice effects?'), '2-weeks');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByText('Step 4 of 4');
  await user.click(screen.getByLabelText('Your story'));
  await user.paste(STORY);
  return app;
}

const preview = () => screen.getByTestId('public-card-preview');
const publish = () => screen.getByRole('checkbox', { name: 'Publish sourcing details' });

async function fillSourcing(user: ReturnType<typeof renderApp>['user']) {
  await user.type(screen.getByLabelText('Vendor URL'), 'https://shop.vendor.example/bpc-157?ref=me');
  await user.type(screen.getByLabelText('Batch ID'), 'LOT-42');
  await user.type(screen.getByLabelText('Purity (%)'), '99.1');
  await user.type(screen.getByLabelText('Volume (ml)'), '3');
}

describe('publish sourcing details', () => {
  it('defaults off, says what it publishes, and is sent as ticked', async () => {
    answerDisclosure({ shown: false });
    const { user } = await toStep4();
    expect(publish()).not.toBeChecked();
    expect(publish()).toHaveAccessibleDescription(/web address host .*batch ID and volume/);
    expect(screen.getByText(/Purity is never published/)).toBeInTheDocument();
    // One sourcing section: no second block of vendor notes with a batch ID of its own.
    expect(screen.getAllByLabelText(/batch ID/i)).toHaveLength(1);
    await fillSourcing(user);
    await user.click(screen.getByRole('button', { name: 'Submit Experience' }));
    await screen.findByTestId('tracking-id', {}, slow);
    expect(backend.callsTo('/api/experiences', 'POST')[0]!.body).toMatchObject({ publishSourcing: false, sourcing: { batchId: 'LOT-42' } });
  });

  it('sends publishSourcing true when ticked', async () => {
    answerDisclosure({ shown: false });
    const { user } = await toStep4();
    await fillSourcing(user);
    await user.click(publish());
    expect(publish()).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Submit Experience' }));
    await screen.findByTestId('tracking-id', {}, slow);
    expect(backend.callsTo('/api/experiences', 'POST')[0]!.body).toMatchObject({ publishSourcing: true });
  });
});

describe('this is what others will see', () => {
  it('shows the card with the values typed and the demographics when the rule allows them', async () => {
    answerDisclosure({ shown: true });
    const dayBefore = new Date().toISOString().slice(0, 10);
    await toStep4();
    expect(screen.getByRole('heading', { name: 'This is what others will see' })).toBeInTheDocument();
    const card = preview();
    await waitFor(() => expect(within(card).getByText('40-44 · Female · Athletic')).toBeInTheDocument(), slow);
    expect(within(card).getByRole('heading', { name: 'BPC-157' })).toBeInTheDocument();
    expect(within(card).getByText(/Healing & Recovery/)).toBeInTheDocument();
    for (const text of ['300 mcg', 'Twice Weekly', '42 days', 'Subcutaneous', 'Injury Healing']) expect(within(card).getByText(text)).toBeInTheDocument();
    // The one effect rated, and only it: the two left "Not rated" are not on the card.
    expect(within(card).getByText('Overall 7.0/10')).toBeInTheDocument();
    expect(within(card).getByRole('heading', { name: 'Outcomes' }).nextElementSibling).toHaveTextContent(/^Recovery 7\/10$/);
    expect(within(card).getAllByText('shoulder')[0]!.tagName).toBe('STRONG');
    // Today in UTC as the card was drawn: the day the test began or, past midnight UTC, the next.
    expect([dayBefore, new Date().toISOString().slice(0, 10)]).toContain(card.querySelector('time')?.getAttribute('dateTime'));
    expect(within(card).queryByText(DEMOGRAPHICS_NOT_SHOWN)).not.toBeInTheDocument();
    // Decided on the device: the question names the peptide only, never the report's own values.
    for (const { url } of disclosureQueries) {
      expect(url.pathname).toBe(`/api/peptides/${BPC._id}/disclosed`);
      expect(url.search).toBe('');
    }
  });

  it('shows "Hidden for privacy" when the rule withholds them', async () => {
    answerDisclosure({ shown: false });
    await toStep4();
    expect(await within(preview()).findByText(DEMOGRAPHICS_NOT_SHOWN, {}, slow)).toBeInTheDocument();
    expect(within(preview()).queryByText(/40-44/)).not.toBeInTheDocument();
    // The list is what is public now: once 5 settled reports share them, they are shown on all.
    expect(await screen.findByText(/public for 7 days or more share your age range, sex and activity level, so they are not shown/, {}, slow)).toBeInTheDocument();
    expect(screen.getByText(/Once 5 such reports share them, they are shown on all of them, yours included/)).toBeInTheDocument();
  });

  it('hides the vendor unless ticked, then shows host, volume and batch (never purity or the full address)', async () => {
    answerDisclosure({ shown: false });
    const { user } = await toStep4();
    await fillSourcing(user);
    expect(within(preview()).queryByText(/Vendor:/)).not.toBeInTheDocument();
    await user.click(publish());
    expect(within(preview()).getByText('Vendor: shop.vendor.example · 3 ml · batch LOT-42')).toBeInTheDocument();
    expect(within(preview()).queryByText(/99\.1|ref=me/)).not.toBeInTheDocument();
    await user.click(publish());
    expect(within(preview()).queryByText(/Vendor:/)).not.toBeInTheDocument();
  });

  it('has nothing to click: no links, buttons or form controls', async () => {
    answerDisclosure({ shown: true });
    await toStep4();
    await within(preview()).findByText('40-44 · Female · Athletic', {}, slow);
    expect(within(preview()).queryAllByRole('link')).toHaveLength(0);
    expect(within(preview()).queryAllByRole('button')).toHaveLength(0);
    expect(preview().querySelectorAll('a, button, input, select, textarea, [tabindex]')).toHaveLength(0);
  });

  it('says when the rule could not be checked, shows them as not shown, and retries', async () => {
    answerDisclosure({ status: 404 });
    const { user } = await toStep4();
    expect(await screen.findByText(/Could not check whether your age range, sex and activity level will be shown/, {}, slow)).toBeInTheDocument();
    expect(within(preview()).getByText(DEMOGRAPHICS_NOT_SHOWN)).toBeInTheDocument();
    answerDisclosure({ shown: true });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await within(preview()).findByText('40-44 · Female · Athletic', {}, slow)).toBeInTheDocument();
    expect(screen.queryByText(/Could not check/)).not.toBeInTheDocument();
  });

  it('shows a checking note while the answer loads', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('/api/peptides/:id/disclosed', async () => {
        await gate;
        return HttpResponse.json(DisclosedCombinationsResponse.parse({ success: true, data: { combinations: [MINE], settleDays: 7 } }));
      }),
    );
    await toStep4();
    expect(screen.getByText(/Checking whether your age range, sex and activity level will be shown/)).toBeInTheDocument();
    expect(within(preview()).getByText('Checking…')).toBeInTheDocument();
    release();
    expect(await within(preview()).findByText('40-44 · Female · Athletic', {}, slow)).toBeInTheDocument();
    expect(screen.queryByText(/Checking whether/)).not.toBeInTheDocument();
  });
});
