// Choosing a peptide in a searchable peptide picker (src/components/peptide-picker) as a person
// does: type part of its name, wait for the server's matches, pick the option.
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The picker's field, by its label. */
export const pickerField = (label = 'Peptide') => screen.getByRole('combobox', { name: label });

/** The option for `name` while the list is open (its accessible name also holds the category). */
export const findPeptideOption = (name: string) => screen.findByRole('option', { name: new RegExp(`^${escape(name)}`) }, { timeout: 8000 });

export async function choosePeptide(user: UserEvent, name: string, label = 'Peptide') {
  const field = await screen.findByRole('combobox', { name: label }, { timeout: 8000 });
  await user.click(field);
  await user.type(field, name);
  await user.click(await findPeptideOption(name));
}
