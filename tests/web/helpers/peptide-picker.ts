// Choosing a peptide in a searchable peptide picker (src/components/peptide-picker) as a person
// does: type part of its name, wait for the server's matches, pick the option.
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The picker's field, by its label. */
export const pickerField = (label = 'Peptide') => screen.getByRole('combobox', { name: label });

/**
 * The option for `name` while the list is open (its accessible name also holds the category),
 * once a press can choose it: while the server's answer for the typed text is on its way, the
 * list may be busy and ignore a pointer (src/components/peptide-picker).
 */
export const findPeptideOption = (name: string) =>
  waitFor(
    () => {
      const option = screen.getByRole('option', { name: new RegExp(`^${escape(name)}`) });
      if (option.closest('[aria-busy="true"]')) throw new Error(`${name} is listed, but the list is still busy`);
      return option;
    },
    { timeout: 8000 },
  );

export async function choosePeptide(user: UserEvent, name: string, label = 'Peptide') {
  const field = await screen.findByRole('combobox', { name: label }, { timeout: 8000 });
  await user.click(field);
  await user.type(field, name);
  await user.click(await findPeptideOption(name));
}
