// One labelling rule for every option list (contract/vocabulary.ts): labels are written beside
// their list, so "18-24" and "1-3 Days" keep their hyphens wherever they are shown.
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import {
  AGE_RANGES,
  BIOLOGICAL_SEXES,
  CHOICE_LABEL_LISTS,
  FREQUENCIES,
  GENDERS,
  ROUTES,
  TIMELINES,
  WIZARD_ACTIVITY_LEVELS,
  optionLabel,
  outcomeLabel,
} from '@contract/vocabulary';
import { DemographicsText } from '@/components/experience/Demographics';
import { ExperienceCard } from '@/components/experience/ExperienceCard';
import { renderApp } from './helpers/render-app';
import { makeExperience } from './msw/fixtures';

vi.setConfig({ testTimeout: 20_000 });
const slow = { timeout: 8_000 };

describe('option labels', () => {
  it('keeps every number range of every option list intact', () => {
    const lists = [FREQUENCIES, ROUTES, AGE_RANGES, BIOLOGICAL_SEXES, WIZARD_ACTIVITY_LEVELS, TIMELINES, GENDERS];
    for (const list of lists) {
      for (const value of list) {
        const label = optionLabel(value);
        expect(label, value).not.toBe('');
        // "1-3-days" -> "1-3 Days": a range of numbers keeps its hyphen.
        for (const range of value.match(/\d+-\d+/g) ?? []) expect(label, value).toContain(range);
      }
    }
    expect(AGE_RANGES.map(optionLabel)).toEqual(['18-24', '25-29', '30-34', '35-39', '40-44', '45-49', '50+']);
    expect(TIMELINES.map(optionLabel)).toEqual([
      'Immediately',
      '1-3 Days',
      '1 Week',
      '2 Weeks',
      '3-4 Weeks',
      '1-2 Months',
      'No Effects',
    ]);
    expect(optionLabel('every-other-day')).toBe('Every Other Day');
    expect(optionLabel('prefer-not-to-say')).toBe('Prefer not to say');
  });

  it('gives one value one label in every list, and shows unknown values as stored', () => {
    const seen = new Map<string, string>();
    for (const labels of CHOICE_LABEL_LISTS) {
      for (const [value, label] of Object.entries(labels)) {
        if (seen.has(value)) expect(label, value).toBe(seen.get(value));
        seen.set(value, label);
      }
    }
    for (const name of ['toString', '__proto__', 'a-b-c', '12-14 days']) expect(optionLabel(name)).toBe(name);
  });

  it("labels the five core outcomes and shows any other outcome in Title Case, the figures' lower-case names alike", () => {
    expect(outcomeLabel('energy')).toBe('Energy');
    expect(outcomeLabel('Anti-inflammatory')).toBe('Anti-Inflammatory');
    expect(outcomeLabel('sleep-quality')).toBe('Sleep-Quality');
    expect(outcomeLabel('faster recovery')).toBe(outcomeLabel('Faster Recovery'));
    expect(outcomeLabel('quality of sleep')).toBe('Quality of Sleep');
    expect(outcomeLabel('HGH levels')).toBe('HGH Levels');
    // A name that is also a property of every object is a name like any other.
    for (const name of ['toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf'])
      expect(outcomeLabel(name)).toBe(name.charAt(0).toUpperCase() + name.slice(1));
    expect(outcomeLabel('__defineGetter__')).toBe('__defineGetter__');
  });

  it("shows hyphenated choices intact on an experience card, and a report's own answers where its author or a moderator reads them", () => {
    const experience = makeExperience({ frequency: 'every-other-day', route: 'subcutaneous' });
    const { unmount } = render(
      <MemoryRouter>
        <ExperienceCard experience={experience} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Every Other Day')).toBeInTheDocument();
    unmount();
    // The tracking lookup and the moderators' queue (no public card shows these).
    render(
      <DemographicsText
        demographics={{ ageRange: '18-24', biologicalSex: 'prefer-not-to-say', activityLevel: 'moderate' }}
      />,
    );
    expect(screen.getByText('18-24 · Prefer not to say · Moderate')).toBeInTheDocument();
  });

  it('offers age ranges with their hyphens in the wizard', async () => {
    sessionStorage.setItem('submitExperienceDraft-2', JSON.stringify({ step: 2, form: {} }));
    renderApp('/submit');
    const age = await screen.findByLabelText('Age range', {}, slow);
    expect(
      within(age)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select age range', ...AGE_RANGES]);
    sessionStorage.clear();
  });

  it('offers timelines with their hyphens in the wizard', async () => {
    sessionStorage.setItem('submitExperienceDraft-2', JSON.stringify({ step: 3, form: {} }));
    renderApp('/submit');
    const timeline = await screen.findByLabelText(/Timeline|When did you notice/i, {}, slow);
    expect(
      within(timeline)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select timeline', ...TIMELINES.map(optionLabel)]);
    expect(within(timeline).getByRole('option', { name: '1-3 Days' })).toBeInTheDocument();
    sessionStorage.clear();
  });
});
