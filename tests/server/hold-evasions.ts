// Evasions of the hold rules, as an outside attack on them tried and as others could (the kinds
// of docs/product-rules.md, "Moderation"): each a piece of text, the field it goes in, and what it
// should do. tests/server/hold-evasions.test.ts sends each through the API.
export type Field = 'story' | 'effect' | 'stack' | 'dosage' | 'outcome' | 'batch' | 'vendorUrl';
export interface Evasion {
  name: string;
  field: Field;
  text: string;
  /** `link`, `email`, `phone` or `danger`: held for it; `publish`: published (with why in `name`). */
  expect: 'link' | 'email' | 'phone' | 'danger' | 'publish';
}

const ZWSP = '\u200b';
const SHY = '\u00ad';

export const EVASIONS: Evasion[] = [
  // Links, in the story
  { name: 'bold inside a domain', field: 'story', text: 'buy at **peptideshop**.com', expect: 'link' },
  { name: 'bold around the ending', field: 'story', text: 'peptideshop.**com** has it', expect: 'link' },
  { name: '.ai', field: 'story', text: 'try peptidelab.ai for cheap vials', expect: 'link' },
  { name: '.se', field: 'story', text: 'nordicpeps.se ships fast', expect: 'link' },
  { name: '.it', field: 'story', text: 'ordered from peptidi.it last month', expect: 'link' },
  { name: '.life', field: 'story', text: 'get it at bestpeptides.life', expect: 'link' },
  { name: '.рф', field: 'story', text: 'пептиды.рф дешево', expect: 'link' },
  { name: '.shop with a path', field: 'story', text: 'vendor.shop/bpc-157?ref=me', expect: 'link' },
  { name: 'zero-width space in a domain', field: 'story', text: `peptide${ZWSP}shop.com`, expect: 'link' },
  { name: 'soft hyphen in a domain', field: 'story', text: `pep${SHY}tideshop.com`, expect: 'link' },
  { name: 'zero-width space before the dot', field: 'story', text: `peptideshop${ZWSP}.com`, expect: 'link' },
  { name: 'Cyrillic о in a domain', field: 'story', text: 'peptideshоp.com', expect: 'link' },
  { name: 'Cyrillic е and а', field: 'story', text: 'pеptidеs.nеt is good', expect: 'link' },
  { name: 'Greek ο in the ending', field: 'story', text: 'peptideshop.cοm', expect: 'link' },
  { name: 'fullwidth dot', field: 'story', text: 'peptideshop．com', expect: 'link' },
  { name: 'fullwidth letters', field: 'story', text: 'ｐｅｐｔｉｄｅｓｈｏｐ.ｃｏｍ', expect: 'link' },
  { name: 'mathematical bold letters', field: 'story', text: '𝐩𝐞𝐩𝐭𝐢𝐝𝐞𝐬𝐡𝐨𝐩.com', expect: 'link' },
  { name: '"dot com" spelled out', field: 'story', text: 'peptideshop dot com', expect: 'link' },
  { name: '[.] for the dot', field: 'story', text: 'peptideshop[.]com', expect: 'link' },
  { name: '(dot) for the dot', field: 'story', text: 'peptideshop (dot) net', expect: 'link' },
  { name: 'capitals', field: 'story', text: 'PEPTIDESHOP.COM has it', expect: 'link' },
  { name: 'www with no ending', field: 'story', text: 'www.peptideshop', expect: 'link' },
  { name: 'a scheme', field: 'story', text: 'https://example.org/shop', expect: 'link' },
  { name: 'a scheme in capitals', field: 'story', text: 'HTTPS://EXAMPLE.ORG', expect: 'link' },
  { name: 'a bare IP-free domain with dashes', field: 'story', text: 'cheap-pep-store.online', expect: 'link' },
  // Emails
  { name: 'bold inside an email', field: 'story', text: 'seller@**gmail**.com', expect: 'email' },
  { name: 'an email without an ending', field: 'story', text: 'write seller@protonmail', expect: 'email' },
  { name: '"at" and "dot" spelled out', field: 'story', text: 'seller [at] gmail [dot] com', expect: 'email' },
  { name: '(at) for the at', field: 'story', text: 'seller(at)protonmail.com', expect: 'email' },
  { name: '"at" as a word (the domain is a link)', field: 'story', text: 'mail peptideguy at gmail.com', expect: 'link' },
  { name: 'fullwidth at', field: 'story', text: 'seller＠gmail.com', expect: 'email' },
  { name: 'Cyrillic letters in an email', field: 'story', text: 'sеllеr@gmаil.com', expect: 'email' },
  // Phones
  { name: 'a US number with a trailing x', field: 'story', text: 'call 555 123 4567 x', expect: 'phone' },
  { name: 'a French number with dots', field: 'story', text: 'appelez 06.12.34.56.78', expect: 'phone' },
  { name: 'digit groups with dashes', field: 'story', text: '555-123-4567', expect: 'phone' },
  { name: 'digit groups with slashes', field: 'story', text: '555/123/4567', expect: 'phone' },
  { name: 'digit groups with underscores', field: 'story', text: '555_123_4567', expect: 'phone' },
  { name: 'international form', field: 'story', text: 'WhatsApp +44 20 7946 0958', expect: 'phone' },
  { name: 'parentheses', field: 'story', text: 'text (415) 555-0142', expect: 'phone' },
  { name: 'fullwidth digits', field: 'story', text: '５５５－１２３－４５６７', expect: 'phone' },
  { name: 'zero-width spaces between digits', field: 'story', text: `555${ZWSP}123${ZWSP}4567`, expect: 'phone' },
  { name: 'a German number', field: 'story', text: 'Telefon 030 1234567', expect: 'phone' },
  { name: 'bold digits', field: 'story', text: 'call **555** 123 4567', expect: 'phone' },
  // Dangerous advice
  { name: 'triple the dose', field: 'story', text: 'I took triple the dose and felt amazing', expect: 'danger' },
  { name: 'a multiple written 3x', field: 'story', text: 'run 3x the recommended dose for faster results', expect: 'danger' },
  { name: "don't tell your doctor", field: 'story', text: "Don't tell your doctor about it, they will stop you", expect: 'danger' },
  { name: 'heart racing, do it anyway', field: 'story', text: 'heart racing for an hour. Do it anyway, worth it', expect: 'danger' },
  { name: 'palpitations, push through', field: 'story', text: 'palpitations at first but push through', expect: 'danger' },
  // Other fields
  { name: 'a link in an effect', field: 'effect', text: 'see bestpeps.net', expect: 'link' },
  { name: 'a bold link in an effect', field: 'effect', text: 'best**peps**.net', expect: 'link' },
  { name: 'a link in the stack', field: 'stack', text: 'TB-500 from vendor.io', expect: 'link' },
  { name: 'a Cyrillic link in the stack', field: 'stack', text: 'vеndor.io', expect: 'link' },
  { name: 'a link in the dosage', field: 'dosage', text: 'see dose.shop', expect: 'link' },
  { name: 'a phone number in the dosage', field: 'dosage', text: '555 123 4567', expect: 'phone' },
  { name: 'a link in an outcome name', field: 'outcome', text: 'energy at x.com', expect: 'link' },
  { name: 'an email in an outcome name', field: 'outcome', text: 'ask me@gmail.com', expect: 'email' },
  { name: 'a link in the batch', field: 'batch', text: 'lot.com', expect: 'link' },
  { name: 'a phone number in the batch', field: 'batch', text: '06 12 34 56 78', expect: 'phone' },
  { name: 'a published vendor address', field: 'vendorUrl', text: 'https://peptideshop.com/bpc', expect: 'link' },
  { name: 'a vendor address hidden behind Cyrillic', field: 'vendorUrl', text: 'https://peptidеshop.com', expect: 'link' },
  // What must publish
  { name: 'doses and units', field: 'story', text: '250 mcg twice a day, later 2x 100 mcg, once 1000 2000 mcg split, 5 IU.', expect: 'publish' },
  { name: 'decimals', field: 'story', text: 'I went from 0.5 mg to 5.5 mg and my weight fell by 2.75 kg, a ratio of 1.5.', expect: 'publish' },
  { name: 'abbreviations', field: 'story', text: 'Other compounds, e.g. BPC, i.e. the usual ones, etc. Then approx.5 mg.', expect: 'publish' },
  { name: 'dates', field: 'story', text: 'Started on 2026-11-02, stopped 25/11/2026, resumed 1.12.26.', expect: 'publish' },
  { name: 'a sentence ending without a space', field: 'story', text: 'It helped my sleep a lot.It is the best thing I tried.', expect: 'publish' },
  { name: 'ranges of days', field: 'story', text: 'Effects came after 10-14 days and lasted 3-4 weeks.', expect: 'publish' },
  { name: 'a big amount', field: 'story', text: 'A vial of 2500000 iu lasted 10 weeks.', expect: 'publish' },
  { name: 'a doctor in the story', field: 'story', text: 'I told my doctor and she approved the plan.', expect: 'publish' },
  { name: 'a double dose that was a mistake, explained', field: 'story', text: 'By mistake I injected 2 syringes, which was too much; I stopped.', expect: 'publish' },
  { name: 'heart rate without pushing on', field: 'story', text: 'My resting heart rate fell from 70 to 62 over six weeks.', expect: 'publish' },
];
