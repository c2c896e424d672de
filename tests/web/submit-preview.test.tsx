// /submit step 4 (src/features/submit/SourcingSection.tsx, PublicCardPreview.tsx): "Publish
// sourcing details" defaults off and is sent as ticked; "This is what others will see" is the
// community card built from what was typed on the device, without the age range, sex or activity
// level (no published report shows them: docs/product-rules.md, "Anonymity"), the vendor only
// when ticked, and nothing to click. Before, it asked GET /api/peptides/{id}/disclosed
// whether they would show.
import { fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SHARES_MIN_REPORTS } from '@contract/rules';
import { choosePeptide } from './helpers/peptide-picker';
import { renderApp } from './helpers/render-app';
import { backend } from './msw/backend';
import { DEFAULT_PEPTIDES, errorBody } from './msw/fixtures';
import { server } from './msw/server';

const STORY =
  'Week one was quiet; by week three my **shoulder** moved freely again and I slept through the night most days. '.repeat(
    2,
  );
const BPC = DEFAULT_PEPTIDES[0]!;

vi.setConfig({ testTimeout: 30_000 });
const slow = { timeout: 8_000 };

/** Requests for the retired list of shown combinations: the wizard must make none. */
let disclosureQueries: URL[] = [];
function recordDisclosure() {
  server.use(
    http.get('/api/peptides/:id/disclosed', ({ request }) => {
      disclosureQueries.push(new URL(request.url));
      return HttpResponse.json(errorBody('This address is retired'), { status: 404 });
    }),
  );
}

beforeEach(() => {
  sessionStorage.clear();
  disclosureQueries = [];
  recordDisclosure();
});

async function toStep4() {
  const app = renderApp('/submit');
  const { user } = app;
  await choosePeptide(user, BPC.name);
  await user.type(screen.getByLabelText('Dose'), '300');
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
    const { user } = await toStep4();
    expect(publish()).not.toBeChecked();
    expect(publish()).toHaveAccessibleDescription(/web address host .*batch ID and volume/);
    expect(screen.getByText(/Purity is never published/)).toBeInTheDocument();
    // One sourcing section: no second block of vendor notes with a batch ID of its own.
    expect(screen.getAllByLabelText(/batch ID/i)).toHaveLength(1);
    await fillSourcing(user);
    await user.click(screen.getByRole('button', { name: 'Submit Experience' }));
    await screen.findByTestId('tracking-id', {}, slow);
    expect(backend.callsTo('/api/experiences', 'POST')[0]!.body).toMatchObject({
      publishSourcing: false,
      sourcing: { batchId: 'LOT-42' },
    });
  });

  it('sends publishSourcing true when ticked', async () => {
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
  it('shows the card with the values typed and no age range, sex or activity level, asking the server nothing', async () => {
    const dayBefore = new Date().toISOString().slice(0, 10);
    await toStep4();
    expect(screen.getByRole('heading', { name: 'This is what others will see' })).toBeInTheDocument();
    const card = preview();
    expect(within(card).getByRole('heading', { name: 'BPC-157' })).toBeInTheDocument();
    expect(within(card).getByText(/Healing & Recovery/)).toBeInTheDocument();
    for (const text of ['300 mcg', 'Twice Weekly', '42 days', 'Subcutaneous', 'Injury Healing'])
      expect(within(card).getByText(text)).toBeInTheDocument();
    // The one effect rated, and only it: the two left "Not rated" are not on the card.
    expect(within(card).getByText('Overall 7.0/10')).toBeInTheDocument();
    expect(within(card).getByRole('heading', { name: 'Benefits' }).nextElementSibling).toHaveTextContent(
      /^Recovery 7\/10$/,
    );
    expect(within(card).getAllByText('shoulder')[0]!.tagName).toBe('STRONG');
    // Today in UTC as the card was drawn: the day the test began or, past midnight UTC, the next.
    expect([dayBefore, new Date().toISOString().slice(0, 10)]).toContain(
      card.querySelector('time')?.getAttribute('dateTime'),
    );
    // 40-44, female, athletic were chosen at step 2: the card says nothing of them, not even that they are hidden.
    expect(card.textContent).not.toMatch(/40-44|Female|Athletic|Hidden for privacy|Age range/);
    // Where they go instead, said beside the card.
    expect(
      screen.getByText(
        new RegExp(`Your age range, sex and activity level are not on the card.*from ${SHARES_MIN_REPORTS} reports on`),
      ),
    ).toBeInTheDocument();
    // Built on the device: nothing was asked about the peptide's combinations.
    expect(disclosureQueries).toEqual([]);
  });

  it('hides the vendor unless ticked, then shows host, volume and batch (never purity or the full address)', async () => {
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
    await toStep4();
    expect(within(preview()).queryAllByRole('link')).toHaveLength(0);
    expect(within(preview()).queryAllByRole('button')).toHaveLength(0);
    expect(preview().querySelectorAll('a, button, input, select, textarea, [tabindex]')).toHaveLength(0);
  });
});
