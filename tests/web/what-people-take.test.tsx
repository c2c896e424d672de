// A peptide page's "What people take" and "Does a higher dose do more?", as a visitor reads them
// (docs/product-rules.md, "What people take, on the page"), against MSW.
import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { DoseFiguresAnswer } from '@contract/doses';
import { renderApp } from './helpers/render-app';
import { on } from './msw/endpoint';
import { TOO_FEW_DOSES, makeDoseFigures, makePeptide, makeReporters, peptideDetailBody } from './msw/fixtures';
import { server } from './msw/server';

/** Opens a peptide's page whose detail answers `doses`; gives the "What people take" card. */
async function openWith(doses: DoseFiguresAnswer, name = 'BPC-157') {
  const peptide = makePeptide({ name });
  server.use(on('peptide', () => HttpResponse.json(peptideDetailBody(peptide, makeReporters(), [], doses))));
  renderApp(`/peptides/${peptide._id}`);
  const heading = await screen.findByRole('heading', { level: 2, name: 'What people take' });
  return heading.closest('.rounded-lg') as HTMLElement;
}

const bandsHeading = () => screen.queryByRole('heading', { level: 2, name: 'Does a higher dose do more?' });

describe('What people take', () => {
  it('gives the median dose per administration and per week with the middle half, the usual frequency and duration, each with n', async () => {
    const card = await openWith(makeDoseFigures());
    const figure = (label: string) => within(card).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(figure('Per administration')).toHaveTextContent(/^Median 250 mcg \(middle half 200-350 mcg\), n = 41$/);
    // A weekly amount from 1,000 mcg is written in mg.
    expect(figure('Per week')).toHaveTextContent(/^Median 1\.75 mg \(middle half 1\.4-2\.45 mg\), n = 38$/);
    expect(figure('How often')).toHaveTextContent(/^Most often taken once daily \(18 of 44\)$/);
    expect(figure('How long')).toHaveTextContent(/^Median 42 days \(middle half 28-60\), n = 44$/);
    expect(
      within(card).getByText(
        /^As of Mar 1, 2026, from the 44 published reports of BPC-157; computed at each publication batch\./,
      ),
    ).toBeInTheDocument();
    expect(
      within(card).getByText('3 reports are left out: their dose is in IU or could not be read.'),
    ).toBeInTheDocument();
    expect(within(card).queryByText(/Too few reports with a readable dose/)).not.toBeInTheDocument();
  });

  it('lists each route in a table with its headers, and says "too few to say" for a route with too few', async () => {
    const card = await openWith(makeDoseFigures());
    const table = within(card).getByRole('table', { name: 'By route' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Route', 'Reports', 'Per administration', 'Per week']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Intramuscular', 'Oral', 'Subcutaneous']);
    const cells = (route: string) =>
      [...table.querySelectorAll(`[data-route="${route}"] td`)].map((td) => td.lastChild?.textContent);
    expect(cells('subcutaneous')).toEqual([
      '33',
      'Median 250 mcg (middle half 200-300 mcg), n = 33',
      'Median 1.75 mg (middle half 1.4-2.1 mg), n = 31',
    ]);
    expect(cells('intramuscular')).toEqual(['2', 'too few to say', 'too few to say']);
  });

  it('with too few readable doses gives no dose figure, says so with n, and says what was left out', async () => {
    const card = await openWith(TOO_FEW_DOSES, 'Rare-1');
    expect(within(card).getByText('Too few reports with a readable dose to say (n = 3).')).toBeInTheDocument();
    expect(within(card).getByText('1 report is left out: its dose is in IU or could not be read.')).toBeInTheDocument();
    expect(within(card).queryByText('Per administration')).not.toBeInTheDocument();
    expect(within(card).queryByText(/^Median/)).not.toBeInTheDocument();
    expect(within(card).queryByRole('table')).not.toBeInTheDocument();
  });

  it('says nothing was left out only by not saying it', async () => {
    const card = await openWith(makeDoseFigures({ reports: 41, leftOut: 0 }));
    expect(within(card).queryByText(/left out: /)).not.toBeInTheDocument();
  });
});

describe('Does a higher dose do more?', () => {
  it("shows each outcome's mean with its interval and n for the lower, middle and higher third of the doses", async () => {
    await openWith(makeDoseFigures());
    const heading = await screen.findByRole('heading', { level: 2, name: 'Does a higher dose do more?' });
    const card = heading.closest('.rounded-lg') as HTMLElement;
    expect(
      within(card).getByText(/^Reports split into thirds by dose per administration; each mean .*95% interval/),
    ).toHaveTextContent('Intervals that overlap do not show a difference.');
    const recovery = within(card).getByRole('heading', { level: 3, name: 'Recovery' }).closest('section')!;
    expect(
      within(recovery)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Lower doses (100-200 mcg): 6.8, likely 6.1-7.5, n = 14',
      'Middle doses (225-300 mcg): 7.4, likely 6.8-8.0, n = 13',
      'Higher doses (0.35-1 mg): 7.6, likely 6.9-8.3, n = 14',
    ]);
    // The bars only repeat the written intervals.
    for (const li of within(recovery).getAllByRole('listitem'))
      expect(li.querySelector('div')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByText(/Whether a higher dose does more is shown when/)).not.toBeInTheDocument();
  });

  it('is not shown without an outcome rated enough in every third, and the page says why', async () => {
    const card = await openWith(makeDoseFigures({ bands: [] }));
    expect(
      within(card).getByText(
        'Whether a higher dose does more is shown when each third of the doses has at least 5 ratings of an outcome; BPC-157 has none yet.',
      ),
    ).toBeInTheDocument();
    expect(bandsHeading()).not.toBeInTheDocument();
    expect(screen.queryByText(/Lower doses/)).not.toBeInTheDocument();
  });
});
