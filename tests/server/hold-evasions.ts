// Evasions of the hold rules, as an outside attack on them tried and as others could (the kinds
// of docs/product-rules.md, "Moderation"): each a piece of text, the field it goes in, and what it
// should do. tests/server/hold-evasions.test.ts sends each through the API.
export type Field = 'story' | 'effect' | 'stack' | 'dosage' | 'outcome' | 'batch' | 'vendorUrl';
export interface Evasion {
  name: string;
  field: Field;
  text: string;
  /** `link`, `email`, `phone`, `handle` or `danger`: held for it; `publish`: published (with why in `name`). */
  expect: 'link' | 'email' | 'phone' | 'handle' | 'danger' | 'publish';
}

const ZWSP = '\u200b';
const SHY = '\u00ad';
/** Right-to-left override and pop: what follows shows reversed, so "moc.pohsedittpep" reads "peptideshop.com". */
const RLO = '\u202e';
const PDF = '\u202c';
/** A keycap: the digit, the emoji presentation selector, the enclosing keycap. */
const keycaps = (digits: string) => [...digits].map((d) => (d === ' ' ? ' ' : `${d}\ufe0f\u20e3`)).join('');

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
  {
    name: '"at" as a word (the domain is a link)',
    field: 'story',
    text: 'mail peptideguy at gmail.com',
    expect: 'link',
  },
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
  {
    name: 'a number followed by a word that counts',
    field: 'story',
    text: 'call 555 123 4567 days a week',
    expect: 'phone',
  },
  // Dangerous advice
  { name: 'triple the dose', field: 'story', text: 'I took triple the dose and felt amazing', expect: 'danger' },
  {
    name: 'a multiple written 3x',
    field: 'story',
    text: 'run 3x the recommended dose for faster results',
    expect: 'danger',
  },
  {
    name: "don't tell your doctor",
    field: 'story',
    text: "Don't tell your doctor about it, they will stop you",
    expect: 'danger',
  },
  {
    name: 'heart racing, do it anyway',
    field: 'story',
    text: 'heart racing for an hour. Do it anyway, worth it',
    expect: 'danger',
  },
  {
    name: 'palpitations, push through',
    field: 'story',
    text: 'palpitations at first but push through',
    expect: 'danger',
  },
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
  {
    name: 'a vendor address hidden behind Cyrillic',
    field: 'vendorUrl',
    text: 'https://peptidеshop.com',
    expect: 'link',
  },
  // What must publish
  {
    name: 'doses and units',
    field: 'story',
    text: '250 mcg twice a day, later 2x 100 mcg, once 1000 2000 mcg split, 5 IU.',
    expect: 'publish',
  },
  {
    name: 'decimals',
    field: 'story',
    text: 'I went from 0.5 mg to 5.5 mg and my weight fell by 2.75 kg, a ratio of 1.5.',
    expect: 'publish',
  },
  {
    name: 'abbreviations',
    field: 'story',
    text: 'Other compounds, e.g. BPC, i.e. the usual ones, etc. Then approx.5 mg.',
    expect: 'publish',
  },
  {
    name: 'dates',
    field: 'story',
    text: 'Started on 2026-11-02, stopped 25/11/2026, resumed 1.12.26.',
    expect: 'publish',
  },
  {
    name: 'a sentence ending without a space',
    field: 'story',
    text: 'It helped my sleep a lot.It is the best thing I tried.',
    expect: 'publish',
  },
  {
    name: 'ranges of days',
    field: 'story',
    text: 'Effects came after 10-14 days and lasted 3-4 weeks.',
    expect: 'publish',
  },
  { name: 'a big amount', field: 'story', text: 'A vial of 2500000 iu lasted 10 weeks.', expect: 'publish' },
  {
    name: 'a doctor in the story',
    field: 'story',
    text: 'I told my doctor and she approved the plan.',
    expect: 'publish',
  },
  {
    name: 'a double dose that was a mistake, explained',
    field: 'story',
    text: 'By mistake I injected 2 syringes, which was too much; I stopped.',
    expect: 'publish',
  },
  {
    name: 'heart rate without pushing on',
    field: 'story',
    text: 'My resting heart rate fell from 70 to 62 over six weeks.',
    expect: 'publish',
  },
];

/**
 * The disguises a review found (58 of them, 35 published by the rules of that release;
 * the separate set of 12 still published an ideographic stop and "whatsapp 0044 …"; a new
 * user's walk published "+44 7700 900123"), each held for the contact it hides. `group` says
 * where each comes from, for the table the test prints.
 */
export interface Disguise extends Evasion {
  group: 'finding 4' | 'set of 12' | 'new-user walk';
}

const d = (
  group: Disguise['group'],
  name: string,
  field: Field,
  text: string,
  expect: Disguise['expect'],
): Disguise => ({ group, name, field, text, expect });
const f4 = (name: string, text: string, expect: Disguise['expect'], field: Field = 'story') =>
  d('finding 4', name, field, text, expect);

export const DISGUISES: Disguise[] = [
  // Full stops a browser or a reader takes for a dot
  f4('ideographic full stop', 'peptideshop。com', 'link'),
  f4('halfwidth ideographic full stop', 'peptideshop｡com', 'link'),
  f4('ideographic full stop with a path', 'vendor。shop/bpc-157', 'link'),
  f4('presentation-form ideographic full stop', 'peptideshop︒com', 'link'),
  f4('small full stop', 'peptideshop﹒com', 'link'),
  f4('one dot leader', 'peptideshop․com', 'link'),
  f4('Arabic full stop', 'peptideshop۔com', 'link'),
  f4('ideographic full stop in an effect', 'see peptideshop。net', 'link', 'effect'),
  // Bidi: the card shows one thing, the text holds another
  f4('right-to-left override: shown as peptideshop.com', `order at ${RLO}moc.pohsedittpep${PDF} today`, 'link'),
  f4('right-to-left override to the end of the line', `${RLO}moc.pohsedittpep`, 'link'),
  f4('right-to-left override in the stack', `${RLO}moc.rodnev${PDF}`, 'link', 'stack'),
  // Spaced and spelled-out dots
  f4('spaces around the dot', 'peptideshop . com', 'link'),
  f4('a space before the dot', 'peptideshop .com', 'link'),
  f4('letter-spaced', 'p e p t i d e s h o p . c o m', 'link'),
  f4('letter-spaced with "dot"', 'p e p t i d e s h o p dot c o m', 'link'),
  f4('"DOT" in capitals', 'peptideshop DOT com', 'link'),
  f4('{dot}', 'peptideshop {dot} net', 'link'),
  f4('<dot>', 'peptideshop<dot>com', 'link'),
  f4('(.) for the dot', 'peptideshop (.) com', 'link'),
  f4('"dotcom" glued', 'peptideshopdotcom', 'link'),
  f4('"dot" spelled in an outcome name', 'energy from pepshop dot net', 'link', 'outcome'),
  // Letters for digits in the ending
  f4('.c0m', 'peptideshop.c0m', 'link'),
  f4('.n3t', 'peptideshop.n3t', 'link'),
  f4('zeros for o in the name and the ending', 'peptidesh0p.c0m', 'link'),
  f4('.0rg', 'peptidevendor.0rg', 'link'),
  // Middle dots and commas between labels
  f4('middle dot', 'peptideshop·com', 'link'),
  f4('katakana middle dot', 'peptideshop・com', 'link'),
  f4('hyphenation point', 'peptideshop‧com', 'link'),
  f4('bullet operator', 'peptideshop∙com', 'link'),
  f4('comma', 'peptideshop,com', 'link'),
  f4('comma in the batch field', 'peptideshop,net', 'link', 'batch'),
  // Messenger handles and links
  f4('a Telegram handle', 'DM @peptidevendor on Telegram', 'handle'),
  f4('tg:// link', 'tg://resolve?domain=peptidevendor', 'handle'),
  f4('Telegram with a colon', 'telegram: @peptidevendor', 'handle'),
  f4('an Instagram handle', 'insta @peptide.vendor', 'handle'),
  f4('IG', 'IG: @peptidevendor for prices', 'handle'),
  f4('Signal', 'message me on Signal @peptide.01', 'handle'),
  f4('Snapchat', 'snap @peptidevendor', 'handle'),
  f4('WhatsApp handle', 'WhatsApp me @peptidevendor', 'handle'),
  f4('Wickr', 'Wickr: @peptidevendor', 'handle'),
  f4('a handle in an effect', 'ask @peptidevendor on telegram', 'handle', 'effect'),
  f4('t.me link', 't.me/peptidevendor', 'link'),
  f4('wa.me link', 'wa.me/447700900123', 'link'),
  // Email spelled with "at" and a provider
  f4('"seller at protonmail"', 'write to seller at protonmail', 'email'),
  f4('"at gmail"', 'peptideguy at gmail for a price', 'email'),
  // Phone numbers in other digits
  f4('Arabic-Indic digits', 'call ٥٥٥ ١٢٣ ٤٥٦٧', 'phone'),
  f4('Persian digits', 'call ۵۵۵ ۱۲۳ ۴۵۶۷', 'phone'),
  f4('Devanagari digits', 'call ५५५ १२३ ४५६७', 'phone'),
  f4('keycap emoji', `call ${keycaps('555 123 4567')}`, 'phone'),
  f4('keycaps without the selector', 'call 5⃣5⃣5⃣1⃣2⃣3⃣4⃣5⃣6⃣7⃣', 'phone'),
  f4('Arabic-Indic digits in the dosage', '٥٥٥ ١٢٣ ٤٥٦٧', 'phone', 'dosage'),
  // Digits spelled, or mixed with letters
  f4('digits spelled', 'five five five one two three four five six seven', 'phone'),
  f4('digits partly spelled', 'call 555 one two three 4567', 'phone'),
  f4('l and S for digits', 'call 555 l23 4S67', 'phone'),
  f4('O, l and S in a French number', 'O6 l2 34 S6 78', 'phone'),
  f4('I and O for digits', 'text 555-I23-45O7', 'phone'),
  // Numbers split by commas or bars
  f4('commas', 'call 555,123,4567', 'phone'),
  f4('bars', 'call 555|123|4567', 'phone'),
  f4('bars with spaces', 'call 555 | 123 | 4567', 'phone'),
  // The set of 12's two, and the new-user walk's number
  d('set of 12', 'ideographic full stop in the stack', 'stack', 'TB-500 from vendor。io', 'link'),
  d('set of 12', 'whatsapp with 00 for +', 'story', 'whatsapp 0044 7700 900 123', 'phone'),
  d('new-user walk', 'a UK number in the range kept for drama', 'story', 'text me on +44 7700 900123', 'phone'),
];

/**
 * What must publish: realistic sentences with doses, dates, counts, prices, times, percentages,
 * lab values, batch numbers and versions, and words a rule above could mistake for a contact.
 */
export const PLAIN_SENTENCES: string[] = [
  'I took 250 mcg twice daily for six weeks, then 0.25 mg, and by the end 2.4 mg weekly.',
  'Semaglutide went 0.25 → 0.5 → 1.0 → 1.7 → 2.4 mg over five months.',
  'Started on 12.03.2026, paused 2026-03-12 to 2026-04-02, resumed 03/12/2026 and again on 1.4.26.',
  'Reconstituted with 2 ml of bacteriostatic water: 10 units = 250 mcg.',
  'A vial of 5 mg cost $45.99, a kit of 10 vials €399,90 and shipping £12.50; 1.299,00 € for the year.',
  'Total spent was about $1,299.99 over 2025, or 1 250 EUR.',
  'I inject at 7:30 in the morning and at 19:45, 5 days on and 2 off.',
  'Body fat fell from 24.5% to 19.8%; purity was 99.1% by the lab test.',
  'IGF-1 went from 180 to 260 ng/mL, testosterone 650 ng/dL, estradiol 32 pg/mL, HbA1c 5.4%, fasting glucose 92 mg/dL.',
  'Blood pressure stayed at 120/80, resting heart rate 52 bpm, ALT 32 and AST 28.',
  'Batch 20240312 from lot #A2403-17; the label said lot 2403117709 and CAS 137525-51-0.',
  'The tracker app is version 2.14.3 (build 1042); the old v1.0.2 lost my log.',
  'Effects came after 10-14 days and lasted 3-4 weeks; I ran it in 2019-2021 and again in 2024.',
  'I used it in 2019, 2020 and 2021, each time for 8 weeks.',
  'Weight went from 82.5 kg to 78.1 kg: 82.5, 81.9, 81.2, 80.8 by week four.',
  'Around 10,000 steps a day and 2,000 kcal; 1,250,000 IU of vitamin D over the winter.',
  'Sleep score 85/100, VO2 max 48.5, 1 in 3 nights better, 3x a week at the gym.',
  'Stack: CJC-1295 no DAC 100 mcg, Ipamorelin 200 mcg, AOD-9604 300 mcg, 5-Amino-1MQ 50 mg.',
  'Day 1, 2 and 3 were rough; ratings 7/10, 8/10 and 9/10 after.',
  'It helped my sleep a lot.It is the best thing I tried. I felt tired,so I stopped,it was fine.',
  'Dose @ night, or @bedtime, worked best for me.',
  'My session at the gym went better, and the signal from my joints was quieter.',
  'I read about it on Telegram groups and Instagram, which are full of ads.',
  'I told my doctor at the clinic and she approved the plan at 2 mg.',
  'Col·lagen and skin: one or two weeks in, then one 2 mg dose a day.',
  'The study (n = 1,024; p < 0.05) used 0.5–1.0 mg/kg; see table 2.',
  'Sentence one. Sentence two . A short pause . Then more.',
  'Tested on 5 May 2026 at 08:15; results 4.2, 4.8 and 5.1.',
  'Doses of 2500, 5000, 7500 IU over 3 months; 1 000 000 IU in all.',
  'I logged in at gmail to read the lab results; my brother worked at Yahoo.',
];
