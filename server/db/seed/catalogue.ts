/**
 * Static seed catalogue for the peptide-experience community site.
 *
 * Notes on the data:
 * - peptide_sequence uses letters only, segments separated by single hyphens,
 *   so that it matches /^[A-Za-z]+(-[A-Za-z]+)*$/. Chirality (D-residues),
 *   terminal caps (Ac-, -NH2), lipidation and cyclisation are not encoded in the
 *   field; they are described in detailedDescription instead. Where a one-letter
 *   sequence contains the non-coded residue Aib (aminoisobutyric acid), it is
 *   written as X.
 * - Dosages, frequencies and timelines describe what is commonly reported in
 *   research and community contexts. They are not medical advice.
 */

import type { Category } from '../../../contract/common';
import { catalogueSources } from './sources';

export { CATEGORIES, type Category } from '../../../contract/common';

export interface SeedPeptide {
  name: string;
  peptide_sequence: string;
  category: Category;
  description: string;
  detailedDescription: string;
  mechanism: string;
  commonDosage: string;
  commonFrequency: string;
  commonEffects: string[];
  sideEffects: string[];
  commonStacks: string[];
  dosageRanges: { low: string; medium: string; high: string };
  timeline: { onset: string; peak: string; duration: string };
  /** Where the page's text comes from (./sources.ts): never a citation written by hand. */
  sources: string[];
}

const ENTRIES: Omit<SeedPeptide, 'sources'>[] = [
  // ---------------------------------------------------------------------------
  // Healing & Recovery
  // ---------------------------------------------------------------------------
  {
    name: 'BPC-157',
    peptide_sequence: 'GEPPPGKPADDAGLV',
    category: 'Healing & Recovery',
    description:
      'A 15-amino-acid synthetic peptide derived from a protein found in gastric juice, studied mainly in animal models of tendon, muscle and gut injury.',
    detailedDescription:
      'BPC-157 (Body Protection Compound 157) is a partial sequence of a protein isolated from human gastric juice, first described by researchers in Zagreb in the early 1990s. Most published work comes from rodent studies reporting accelerated healing of tendon, ligament, muscle and gastrointestinal lesions. Human data are very limited and consist of a few small, uncontrolled pilot reports. It is not FDA-approved, the FDA has flagged it as a bulk substance with potential safety concerns for compounding, and it is prohibited in sport by WADA.',
    mechanism:
      'Proposed to promote angiogenesis through VEGFR2 signalling and to modulate the nitric oxide system. Animal studies also suggest increased tendon fibroblast migration and growth hormone receptor expression.',
    commonDosage: '250 mcg',
    commonFrequency: 'Once or twice daily',
    commonEffects: [
      'Faster Recovery',
      'Reduced Joint Pain',
      'Improved Tendon Healing',
      'Improved Gut Comfort',
      'Reduced Inflammation',
    ],
    sideEffects: ['Injection Site Redness', 'Nausea', 'Dizziness', 'Fatigue'],
    commonStacks: ['TB-500', 'GHK-Cu', 'KPV'],
    dosageRanges: { low: '200 mcg', medium: '350 mcg', high: '500 mcg' },
    timeline: { onset: '1-2 weeks', peak: '3-6 weeks', duration: '4-8 week cycles' },
  },
  {
    name: 'TB-500',
    peptide_sequence: 'LKKTETQ',
    category: 'Healing & Recovery',
    description:
      'A synthetic fragment based on the actin-binding region of thymosin beta-4, discussed in research contexts for soft-tissue repair and flexibility.',
    detailedDescription:
      'TB-500 refers to a synthetic peptide based on residues 17-23 (LKKTETQ) of thymosin beta-4, a 43-amino-acid protein present in most human cells; some products sold under the name are the full-length protein or acetylated variants. Evidence for wound, cardiac and corneal repair comes mainly from animal studies of full-length thymosin beta-4, which has also reached early human trials for eye and skin wounds. The fragment itself has almost no human data. It is not FDA-approved and is prohibited in sport by WADA.',
    mechanism:
      'Thymosin beta-4 binds and sequesters G-actin, which is thought to support cell migration, angiogenesis and tissue remodelling. The LKKTETQ motif is considered the main actin-binding region.',
    commonDosage: '2 mg',
    commonFrequency: 'Twice weekly',
    commonEffects: ['Faster Recovery', 'Improved Flexibility', 'Reduced Joint Pain', 'Reduced Inflammation'],
    sideEffects: ['Injection Site Redness', 'Fatigue', 'Headache'],
    commonStacks: ['BPC-157', 'GHK-Cu'],
    dosageRanges: { low: '1 mg', medium: '2.5 mg', high: '5 mg' },
    timeline: { onset: '1-3 weeks', peak: '4-6 weeks', duration: '6-8 week cycles' },
  },
  {
    name: 'KPV',
    peptide_sequence: 'KPV',
    category: 'Healing & Recovery',
    description:
      'A tripeptide (Lys-Pro-Val) from the C-terminal end of alpha-melanocyte-stimulating hormone, studied for anti-inflammatory effects in the gut and skin.',
    detailedDescription:
      'KPV corresponds to residues 11-13 of alpha-MSH and retains much of the anti-inflammatory activity of the parent hormone without its effects on pigmentation. Research consists mainly of cell and mouse studies, including colitis models in which oral or nanoparticle-delivered KPV reduced intestinal inflammation. There are no completed controlled human trials. It is not FDA-approved.',
    mechanism:
      'Thought to enter cells through the PepT1 peptide transporter and dampen NF-kB and MAPK inflammatory signalling, lowering the release of pro-inflammatory cytokines.',
    commonDosage: '500 mcg',
    commonFrequency: 'Daily',
    commonEffects: ['Reduced Inflammation', 'Improved Gut Comfort', 'Clearer Skin'],
    sideEffects: ['Injection Site Redness', 'Nausea'],
    commonStacks: ['BPC-157', 'LL-37'],
    dosageRanges: { low: '200 mcg', medium: '500 mcg', high: '1 mg' },
    timeline: { onset: '1-2 weeks', peak: '3-4 weeks', duration: '4-8 week cycles' },
  },
  {
    name: 'LL-37',
    peptide_sequence: 'LLGDFFRKSKEKIGKEFKRIVQRIKDFLRNLVPRTES',
    category: 'Healing & Recovery',
    description:
      'The only human cathelicidin, a 37-residue antimicrobial peptide involved in innate immune defence and wound repair.',
    detailedDescription:
      'LL-37 is cleaved from the hCAP18 precursor encoded by the CAMP gene and is produced by neutrophils and epithelial cells. Laboratory studies show broad antimicrobial and immunomodulatory activity, and a small phase 2 trial tested topical LL-37 for hard-to-heal venous leg ulcers. Raised LL-37 levels are also implicated in inflammatory skin conditions such as rosacea and psoriasis. It is not FDA-approved for any use.',
    mechanism:
      'Its cationic, amphipathic helix disrupts microbial membranes, and it modulates immune cells through receptors such as FPR2 and P2X7, influencing chemotaxis and wound re-epithelialisation.',
    commonDosage: '100 mcg',
    commonFrequency: 'Daily',
    commonEffects: ['Improved Wound Healing', 'Improved Immune Function', 'Reduced Inflammation'],
    sideEffects: ['Injection Site Redness', 'Injection Site Pain', 'Fatigue'],
    commonStacks: ['KPV', 'Thymosin Alpha-1'],
    dosageRanges: { low: '50 mcg', medium: '100 mcg', high: '125 mcg' },
    timeline: { onset: '1-2 weeks', peak: '3-4 weeks', duration: '4-6 week cycles' },
  },
  {
    name: 'Thymosin Alpha-1',
    peptide_sequence: 'SDAAVDTSSEITTKDLKEKKEVVEEAEN',
    category: 'Healing & Recovery',
    description:
      'A 28-amino-acid peptide originally isolated from thymus tissue and studied in humans as an immune modulator.',
    detailedDescription:
      'Thymosin alpha-1 was isolated from calf thymus extract (thymosin fraction 5) by Allan Goldstein and colleagues in the 1970s; both the native and synthetic peptide carry an acetylated N-terminus. Its synthetic form, thymalfasin (Zadaxin), is approved in a number of countries outside the US for chronic hepatitis B and as an immune adjuvant. Human trials have examined hepatitis, sepsis and vaccine response with mixed results. It is not FDA-approved in the United States.',
    mechanism:
      'Thought to act on Toll-like receptors of dendritic cells, promoting T-cell maturation and Th1-type cytokine responses.',
    commonDosage: '1.6 mg',
    commonFrequency: 'Twice weekly',
    commonEffects: ['Improved Immune Function', 'Fewer Colds', 'Increased Energy'],
    sideEffects: ['Injection Site Redness', 'Injection Site Pain', 'Fatigue'],
    commonStacks: ['LL-37', 'Epitalon'],
    dosageRanges: { low: '0.8 mg', medium: '1.6 mg', high: '3.2 mg' },
    timeline: { onset: '2-4 weeks', peak: '6-8 weeks', duration: 'Courses of several weeks to months' },
  },

  // ---------------------------------------------------------------------------
  // Growth Hormone
  // ---------------------------------------------------------------------------
  {
    name: 'CJC-1295',
    peptide_sequence: 'YADAIFTQSYRKVLAQLSARKLLQDILSR',
    category: 'Growth Hormone',
    description:
      'A synthetic GHRH(1-29) analogue designed for greater stability, sold both with and without a drug affinity complex (DAC).',
    detailedDescription:
      'CJC-1295 was developed by ConjuChem in the early 2000s as a tetra-substituted GHRH(1-29) analogue (D-Ala2, Gln8, Ala15, Leu27); the D-alanine is written as A in the sequence field. The DAC version adds a C-terminal lysine linked to a maleimido group that binds serum albumin, and small human studies showed sustained GH and IGF-1 increases with a half-life of about 6-8 days. The version without DAC, often called Modified GRF 1-29, is short acting. Clinical development was discontinued and it is not FDA-approved.',
    mechanism:
      'Binds the GHRH receptor on pituitary somatotrophs, stimulating growth hormone release and downstream IGF-1 production.',
    commonDosage: '100 mcg',
    commonFrequency: 'Daily (no DAC) or weekly (DAC)',
    commonEffects: ['Better Sleep Quality', 'Faster Recovery', 'Fat Loss', 'Improved Skin Quality'],
    sideEffects: ['Water Retention', 'Flushing', 'Tingling Hands', 'Injection Site Redness'],
    commonStacks: ['Ipamorelin', 'GHRP-2'],
    dosageRanges: { low: '100 mcg', medium: '200 mcg', high: '300 mcg' },
    timeline: { onset: '1-2 weeks', peak: '8-12 weeks', duration: '12-16 week cycles' },
  },
  {
    name: 'Ipamorelin',
    peptide_sequence: 'Aib-His-Nal-Phe-Lys',
    category: 'Growth Hormone',
    description:
      'A selective pentapeptide ghrelin-receptor agonist that stimulates growth hormone release with little effect on cortisol or prolactin.',
    detailedDescription:
      'Ipamorelin was developed by Novo Nordisk and described in 1998 as the first selective growth hormone secretagogue of the GHRP class. Its full structure is Aib-His-D-2-Nal-D-Phe-Lys-NH2, containing non-standard and D-amino acids. Human trials by Helsinn tested it for postoperative ileus, where it was well tolerated but did not meet its efficacy endpoints. It is not FDA-approved and is prohibited in sport by WADA.',
    mechanism:
      'Activates the ghrelin receptor (GHS-R1a) in the pituitary and hypothalamus, triggering a pulse of growth hormone. Unlike older GHRPs, animal studies show little stimulation of ACTH, cortisol or appetite.',
    commonDosage: '200 mcg',
    commonFrequency: 'One to three times daily',
    commonEffects: ['Better Sleep Quality', 'Faster Recovery', 'Fat Loss', 'Improved Skin Quality'],
    sideEffects: ['Injection Site Redness', 'Headache', 'Water Retention', 'Flushing'],
    commonStacks: ['CJC-1295', 'Sermorelin'],
    dosageRanges: { low: '100 mcg', medium: '200 mcg', high: '300 mcg' },
    timeline: { onset: '1-2 weeks', peak: '8-12 weeks', duration: '12-16 week cycles' },
  },
  {
    name: 'Sermorelin',
    peptide_sequence: 'YADAIFTNSYRKVLGQLSARKLLQDIMSR',
    category: 'Growth Hormone',
    description:
      'The first 29 amino acids of natural GHRH, the shortest fully active fragment, formerly marketed as an FDA-approved prescription drug.',
    detailedDescription:
      'Sermorelin (GRF 1-29 NH2) was approved by the FDA as Geref for diagnosing and treating growth hormone deficiency in children; the branded product was discontinued in 2008 for commercial rather than safety reasons. It is still prepared by some compounding pharmacies under prescription. Human studies show it raises GH and IGF-1 while preserving normal feedback regulation, but data in healthy adults for anti-ageing purposes are limited.',
    mechanism:
      'Binds the GHRH receptor on the anterior pituitary, increasing the amplitude of natural growth hormone pulses while somatostatin feedback remains intact.',
    commonDosage: '300 mcg',
    commonFrequency: 'Daily, before bed',
    commonEffects: ['Better Sleep Quality', 'Increased Energy', 'Fat Loss', 'Improved Skin Quality'],
    sideEffects: ['Injection Site Redness', 'Flushing', 'Headache', 'Dizziness'],
    commonStacks: ['Ipamorelin', 'GHRP-6'],
    dosageRanges: { low: '200 mcg', medium: '300 mcg', high: '500 mcg' },
    timeline: { onset: '2-4 weeks', peak: '3-6 months', duration: '3-6 month courses' },
  },
  {
    name: 'Tesamorelin',
    peptide_sequence: 'YADAIFTNSYRKVLGQLSARKLLQDIMSRQQGESNQERGARARL',
    category: 'Growth Hormone',
    description:
      'A stabilised analogue of full-length GHRH(1-44), FDA-approved to reduce excess abdominal fat in HIV-associated lipodystrophy.',
    detailedDescription:
      'Tesamorelin (Egrifta) was developed by Theratechnologies and approved by the FDA in 2010. It consists of the 44 amino acids of human GHRH with a trans-3-hexenoyl group attached to the N-terminal tyrosine, which protects it from enzymatic breakdown. Randomised human trials showed reductions in visceral adipose tissue, and it has also been studied in fatty liver disease. Use outside its approved indication is off-label.',
    mechanism:
      'Stimulates pituitary GHRH receptors to increase endogenous growth hormone and IGF-1 secretion, which promotes lipolysis, particularly of visceral fat.',
    commonDosage: '2 mg',
    commonFrequency: 'Daily',
    commonEffects: ['Reduced Visceral Fat', 'Fat Loss', 'Improved Body Composition', 'Better Sleep Quality'],
    sideEffects: ['Injection Site Redness', 'Joint Pain', 'Water Retention', 'Tingling Hands', 'Elevated Blood Sugar'],
    commonStacks: ['Ipamorelin'],
    dosageRanges: { low: '1 mg', medium: '1.4 mg', high: '2 mg' },
    timeline: { onset: '2-4 weeks', peak: '12-26 weeks', duration: 'Ongoing under prescription' },
  },
  {
    name: 'GHRP-2',
    peptide_sequence: 'Ala-Nal-Ala-Trp-Phe-Lys',
    category: 'Growth Hormone',
    description:
      'A synthetic hexapeptide growth hormone secretagogue, also known as pralmorelin, that strongly stimulates GH release.',
    detailedDescription:
      'GHRP-2 came out of the growth hormone-releasing peptide series developed by Cyril Bowers and colleagues; its full structure is D-Ala-D-2-Nal-Ala-Trp-D-Phe-Lys-NH2. Human studies confirm potent GH release with some increase in cortisol and prolactin. Pralmorelin has been used in Japan as a diagnostic agent for GH deficiency. It is not FDA-approved and is prohibited in sport by WADA.',
    mechanism:
      'Agonist at the ghrelin receptor (GHS-R1a) that amplifies GH pulses and acts synergistically with GHRH analogues.',
    commonDosage: '100 mcg',
    commonFrequency: 'Two to three times daily',
    commonEffects: ['Faster Recovery', 'Better Sleep Quality', 'Improved Body Composition'],
    sideEffects: ['Increased Hunger', 'Water Retention', 'Tingling Hands', 'Headache'],
    commonStacks: ['CJC-1295', 'Sermorelin'],
    dosageRanges: { low: '50 mcg', medium: '100 mcg', high: '200 mcg' },
    timeline: { onset: '1-2 weeks', peak: '6-8 weeks', duration: '8-12 week cycles' },
  },
  {
    name: 'GHRP-6',
    peptide_sequence: 'His-Trp-Ala-Trp-Phe-Lys',
    category: 'Growth Hormone',
    description:
      'One of the earliest synthetic growth hormone-releasing hexapeptides, known for causing a marked increase in appetite.',
    detailedDescription:
      'GHRP-6 (His-D-Trp-Ala-Trp-D-Phe-Lys-NH2) was described by Bowers and colleagues in the early 1980s, years before the ghrelin receptor it acts on was identified. Human studies show dose-dependent GH release, and animal studies have explored cytoprotective effects in heart and gut tissue. It is not approved as a medicine in the US and is prohibited in sport by WADA.',
    mechanism:
      'Activates GHS-R1a in the pituitary and hypothalamus, mimicking ghrelin to release growth hormone and strongly stimulating hunger signalling.',
    commonDosage: '100 mcg',
    commonFrequency: 'Two to three times daily',
    commonEffects: ['Increased Appetite', 'Faster Recovery', 'Better Sleep Quality', 'Improved Body Composition'],
    sideEffects: ['Water Retention', 'Lethargy', 'Tingling Hands', 'Elevated Blood Sugar'],
    commonStacks: ['CJC-1295', 'Sermorelin'],
    dosageRanges: { low: '100 mcg', medium: '150 mcg', high: '300 mcg' },
    timeline: { onset: '1-2 weeks', peak: '6-8 weeks', duration: '8-12 week cycles' },
  },
  {
    name: 'Hexarelin',
    peptide_sequence: 'His-MeTrp-Ala-Trp-Phe-Lys',
    category: 'Growth Hormone',
    description:
      'A potent synthetic growth hormone-releasing hexapeptide, chemically close to GHRP-6, also studied for effects on heart tissue.',
    detailedDescription:
      'Hexarelin (His-D-2-methyl-Trp-Ala-Trp-D-Phe-Lys-NH2) was developed in the early 1990s by Mediolanum in Italy. Human studies show strong GH release that diminishes with continued use, along with rises in cortisol and prolactin. Animal and small human studies suggest cardioprotective effects mediated partly through the CD36 receptor. It is not FDA-approved and is prohibited in sport by WADA.',
    mechanism:
      'Agonist of GHS-R1a that triggers growth hormone release; it also binds CD36 on cardiac cells, which is proposed to underlie GH-independent cardiac effects.',
    commonDosage: '100 mcg',
    commonFrequency: 'One to two times daily',
    commonEffects: ['Faster Recovery', 'Improved Body Composition', 'Increased Strength'],
    sideEffects: ['Water Retention', 'Tingling Hands', 'Headache', 'Diminishing Response'],
    commonStacks: ['CJC-1295'],
    dosageRanges: { low: '50 mcg', medium: '100 mcg', high: '200 mcg' },
    timeline: { onset: '1 week', peak: '3-4 weeks', duration: '4-8 week cycles' },
  },

  // ---------------------------------------------------------------------------
  // Performance & Enhancement
  // ---------------------------------------------------------------------------
  {
    name: 'IGF-1 LR3',
    peptide_sequence: 'MFPAMPLSSLFVNGPRTLCGAELVDALQFVCGDRGFYFNKPTGYGSSSRRAPQTGIVDECCFRSCDLRRLEMYCAPLKPAKSA',
    category: 'Performance & Enhancement',
    description:
      'A long-acting modified form of insulin-like growth factor 1 with reduced binding to IGF-binding proteins.',
    detailedDescription:
      'IGF-1 LR3 is an 83-amino-acid analogue of human IGF-1 with arginine in place of glutamate at position 3 and a 13-amino-acid N-terminal extension. These changes reduce binding to IGF-binding proteins, giving it a longer effective half-life and higher potency in cell culture, where it is widely used as a growth supplement. There are no controlled human studies of it as a performance agent. It is not FDA-approved (mecasermin, a different recombinant IGF-1, is) and it is prohibited in sport by WADA.',
    mechanism:
      'Activates the IGF-1 receptor, stimulating PI3K/Akt and MAPK signalling that promote protein synthesis, cell proliferation and glucose uptake.',
    commonDosage: '50 mcg',
    commonFrequency: 'Daily',
    commonEffects: ['Increased Muscle Fullness', 'Faster Recovery', 'Improved Body Composition', 'Increased Strength'],
    sideEffects: ['Low Blood Sugar', 'Injection Site Redness', 'Joint Pain', 'Headache'],
    commonStacks: ['CJC-1295', 'Ipamorelin', 'Follistatin-344'],
    dosageRanges: { low: '20 mcg', medium: '50 mcg', high: '100 mcg' },
    timeline: { onset: '1-2 weeks', peak: '3-4 weeks', duration: '4-6 week cycles' },
  },
  {
    name: 'Follistatin-344',
    peptide_sequence: 'GNCWLRQAKNGRCQVLYKTELSKEECCSTGRLSTSWTEEDVNDNTLFKWMIF',
    category: 'Performance & Enhancement',
    description:
      'A recombinant form of follistatin, a glycoprotein that binds and neutralises myostatin and activin, studied for muscle growth.',
    detailedDescription:
      'Follistatin-344 is the 344-residue precursor of the FS-315 isoform; after removal of its 29-residue signal peptide the mature protein is about 315 amino acids, so the sequence field shows only the first 50 residues of the mature chain. Follistatin gene therapy (AAV-FS344) increased muscle mass in animals and has been tested in small human trials for muscular dystrophies. Injectable products sold as research peptides are poorly characterised and have no controlled human data. It is not FDA-approved and is prohibited in sport by WADA.',
    mechanism:
      'Binds activin and myostatin (GDF-8), TGF-beta family members that limit muscle growth, preventing them from signalling through activin type II receptors.',
    commonDosage: '100 mcg',
    commonFrequency: 'Daily, in short cycles',
    commonEffects: ['Increased Muscle Fullness', 'Increased Strength', 'Improved Body Composition'],
    sideEffects: ['Injection Site Redness', 'Fatigue', 'Flu-Like Symptoms'],
    commonStacks: ['IGF-1 LR3'],
    dosageRanges: { low: '50 mcg', medium: '100 mcg', high: '200 mcg' },
    timeline: { onset: '2-3 weeks', peak: '4-6 weeks', duration: '10-30 day cycles' },
  },
  {
    name: 'PT-141',
    peptide_sequence: 'Nle-Asp-His-Phe-Arg-Trp-Lys',
    category: 'Performance & Enhancement',
    description:
      'Bremelanotide, a cyclic melanocortin receptor agonist that is FDA-approved for low sexual desire in premenopausal women.',
    detailedDescription:
      'PT-141 is a metabolite of Melanotan II, developed by Palatin Technologies after the parent compound was observed to increase sexual arousal. Its full structure is Ac-Nle-cyclo[Asp-His-D-Phe-Arg-Trp-Lys]-OH. As bremelanotide (Vyleesi) it was approved by the FDA in 2019 for hypoactive sexual desire disorder in premenopausal women, given as an as-needed injection. Earlier human trials in men did not lead to approval for that use.',
    mechanism:
      'Activates central melanocortin receptors, mainly MC4R, in hypothalamic pathways linked to sexual desire and arousal, rather than acting directly on blood flow.',
    commonDosage: '1.75 mg',
    commonFrequency: 'As needed, no more than once in 24 hours',
    commonEffects: ['Increased Libido', 'Improved Arousal', 'Improved Sexual Function'],
    sideEffects: ['Nausea', 'Flushing', 'Headache', 'Darkened Skin Patches', 'Temporary Blood Pressure Rise'],
    commonStacks: [],
    dosageRanges: { low: '1 mg', medium: '1.75 mg', high: '2 mg' },
    timeline: { onset: '30-60 minutes', peak: '2-4 hours', duration: 'Effects last up to 24 hours' },
  },
  {
    name: 'Kisspeptin-10',
    peptide_sequence: 'YNWNSFGLRF',
    category: 'Performance & Enhancement',
    description:
      'The shortest fully active fragment of kisspeptin, a hypothalamic signal that switches on the reproductive hormone cascade.',
    detailedDescription:
      'Kisspeptins are products of the KISS1 gene, and kisspeptin-10 corresponds to the final 10 amino acids (C-terminally amidated) of the 54-residue parent peptide. Human research, much of it from Imperial College London, shows it acutely raises LH and testosterone in men, and kisspeptin has been explored in fertility medicine. Single doses produce short-lived hormonal effects. It is not FDA-approved.',
    mechanism:
      'Binds KISS1R (GPR54) on GnRH neurons, stimulating GnRH release and, downstream, pituitary LH and FSH secretion.',
    commonDosage: '100 mcg',
    commonFrequency: 'Daily or several times weekly',
    commonEffects: ['Increased Libido', 'Raised Testosterone', 'Improved Mood'],
    sideEffects: ['Injection Site Redness', 'Flushing', 'Headache'],
    commonStacks: ['PT-141'],
    dosageRanges: { low: '50 mcg', medium: '100 mcg', high: '200 mcg' },
    timeline: { onset: '1-2 hours', peak: '1-2 weeks', duration: '4-8 week cycles' },
  },

  // ---------------------------------------------------------------------------
  // Anti-Aging
  // ---------------------------------------------------------------------------
  {
    name: 'GHK-Cu',
    peptide_sequence: 'GHK',
    category: 'Anti-Aging',
    description:
      'A naturally occurring copper-binding tripeptide (glycyl-histidyl-lysine) widely used in skincare and studied for tissue remodelling.',
    detailedDescription:
      'GHK was identified in human plasma by Loren Pickart in 1973, and its plasma levels decline with age. Cell and animal studies, along with small cosmetic trials of topical products, report effects on collagen synthesis, wound contraction and skin appearance. Evidence for injected use in humans is minimal. It is common in cosmetics but is not an FDA-approved drug.',
    mechanism:
      'Delivers copper to cells and modulates metalloproteinase activity and collagen and elastin production; gene-expression studies suggest it shifts many genes toward a tissue-repair profile.',
    commonDosage: '1 mg',
    commonFrequency: 'Daily',
    commonEffects: ['Improved Skin Quality', 'Thicker Hair', 'Improved Wound Healing', 'Reduced Fine Lines'],
    sideEffects: ['Injection Site Pain', 'Injection Site Redness', 'Skin Irritation'],
    commonStacks: ['BPC-157', 'TB-500', 'Epitalon'],
    dosageRanges: { low: '0.5 mg', medium: '1 mg', high: '2 mg' },
    timeline: { onset: '2-4 weeks', peak: '8-12 weeks', duration: '8-12 week cycles' },
  },
  {
    name: 'Epitalon',
    peptide_sequence: 'AEDG',
    category: 'Anti-Aging',
    description:
      'A synthetic tetrapeptide (Ala-Glu-Asp-Gly) modelled on epithalamin, a pineal gland extract studied in Russia for effects on ageing.',
    detailedDescription:
      'Epitalon (also spelled epithalon) was developed by Vladimir Khavinson at the St. Petersburg Institute of Bioregulation and Gerontology. Cell studies reported telomerase activation and telomere elongation, and rodent studies reported longer lifespan and normalised melatonin rhythms. Human data come mainly from small Russian studies in elderly people that have not been independently replicated. It is not approved by the FDA or other Western regulators.',
    mechanism:
      'Proposed to upregulate telomerase activity and influence pineal melatonin production, possibly through effects on chromatin and gene expression.',
    commonDosage: '5 mg',
    commonFrequency: 'Daily, in short courses',
    commonEffects: ['Better Sleep Quality', 'Increased Energy', 'Improved Well-Being'],
    sideEffects: ['Injection Site Redness', 'Vivid Dreams', 'Headache'],
    commonStacks: ['Thymosin Alpha-1', 'GHK-Cu', 'Pinealon'],
    dosageRanges: { low: '1 mg', medium: '5 mg', high: '10 mg' },
    timeline: { onset: '1-2 weeks', peak: '2-3 weeks', duration: '10-20 day courses, once or twice a year' },
  },
  {
    name: 'Humanin',
    peptide_sequence: 'MAPRGFSCLLLLTSEIDLPVKRRA',
    category: 'Anti-Aging',
    description:
      'A 24-amino-acid mitochondrial-derived peptide that protects cells in laboratory models of Alzheimer disease and metabolic stress.',
    detailedDescription:
      'Humanin was discovered in 2001 by Nishimoto and colleagues while screening for factors that protect neurons from Alzheimer-related toxicity, and it is encoded within the mitochondrial 16S rRNA gene (MT-RNR2). Circulating levels fall with age in humans and rodents. Research is preclinical, mostly cell and rodent studies, which often use more potent analogues such as HNG (S14G). It is not FDA-approved.',
    mechanism:
      'Binds intracellular Bax to block apoptosis and acts on cell-surface receptors (a gp130-containing complex and FPRL1), activating STAT3 and other pro-survival pathways.',
    commonDosage: '1 mg',
    commonFrequency: 'Several times weekly',
    commonEffects: ['Increased Energy', 'Improved Insulin Sensitivity', 'Improved Mental Clarity'],
    sideEffects: ['Injection Site Redness', 'Fatigue', 'Headache'],
    commonStacks: ['MOTS-c', 'SS-31'],
    dosageRanges: { low: '0.5 mg', medium: '1 mg', high: '2 mg' },
    timeline: { onset: '2-4 weeks', peak: '6-8 weeks', duration: '8-12 week cycles' },
  },
  {
    name: 'SS-31',
    peptide_sequence: 'Arg-Dmt-Lys-Phe',
    category: 'Anti-Aging',
    description:
      'Elamipretide, a mitochondria-targeting tetrapeptide that binds cardiolipin in the inner mitochondrial membrane.',
    detailedDescription:
      'SS-31 was developed by Hazel Szeto and Peter Schiller; its full structure is D-Arg-2,6-dimethyl-Tyr-Lys-Phe-NH2 (Dmt is dimethyltyrosine). As elamipretide (Stealth BioTherapeutics) it has been tested in human trials for primary mitochondrial myopathy, heart failure and Barth syndrome with mixed results, and in 2025 it received FDA accelerated approval for Barth syndrome. Use for general anti-ageing purposes rests on animal studies of mitochondrial function.',
    mechanism:
      'Concentrates in the inner mitochondrial membrane and binds cardiolipin, stabilising cristae structure and improving electron transport efficiency while reducing reactive oxygen species.',
    commonDosage: '10 mg',
    commonFrequency: 'Daily',
    commonEffects: ['Increased Energy', 'Improved Endurance', 'Faster Recovery'],
    sideEffects: ['Injection Site Redness', 'Injection Site Itching', 'Headache', 'Dizziness'],
    commonStacks: ['MOTS-c', 'Humanin'],
    dosageRanges: { low: '5 mg', medium: '10 mg', high: '40 mg' },
    timeline: { onset: '1-3 weeks', peak: '4-8 weeks', duration: '4-12 week cycles' },
  },

  // ---------------------------------------------------------------------------
  // Cognitive Enhancement
  // ---------------------------------------------------------------------------
  {
    name: 'Selank',
    peptide_sequence: 'TKPRPGP',
    category: 'Cognitive Enhancement',
    description: 'A synthetic heptapeptide analogue of tuftsin, registered in Russia as an anxiolytic nasal spray.',
    detailedDescription:
      'Selank was developed at the Institute of Molecular Genetics of the Russian Academy of Sciences by adding a Pro-Gly-Pro sequence to tuftsin (Thr-Lys-Pro-Arg) to improve stability. It is approved in Russia for generalised anxiety disorder, supported by Russian clinical studies that are small by Western standards. Animal studies report anxiolytic and memory effects without sedation. It is not approved by the FDA or the EMA.',
    mechanism:
      'Thought to allosterically modulate GABA-A receptor signalling and influence monoamine and BDNF expression; it also inhibits enkephalin-degrading enzymes.',
    commonDosage: '300 mcg',
    commonFrequency: 'One to three times daily (intranasal)',
    commonEffects: ['Reduced Anxiety', 'Improved Focus', 'Improved Mood', 'Calmer Under Stress'],
    sideEffects: ['Nasal Irritation', 'Fatigue', 'Headache'],
    commonStacks: ['Semax'],
    dosageRanges: { low: '250 mcg', medium: '500 mcg', high: '1 mg' },
    timeline: { onset: 'Within hours', peak: '1-2 weeks', duration: '2-4 week courses' },
  },
  {
    name: 'Semax',
    peptide_sequence: 'MEHFPGP',
    category: 'Cognitive Enhancement',
    description:
      'A synthetic heptapeptide based on the ACTH(4-7) fragment, used in Russia for stroke recovery and cognitive disorders.',
    detailedDescription:
      'Semax combines the ACTH(4-7) sequence Met-Glu-His-Phe with a stabilising Pro-Gly-Pro tail and has no adrenal hormonal activity. It was developed at the Institute of Molecular Genetics in Moscow and is approved in Russia as nasal drops for conditions including ischaemic stroke. Supporting clinical studies are mostly Russian and small, and Western controlled trials are lacking. It is not FDA-approved.',
    mechanism:
      'Increases expression of BDNF and its receptor TrkB in animal brain studies and modulates dopaminergic and serotonergic signalling.',
    commonDosage: '300 mcg',
    commonFrequency: 'One to two times daily (intranasal)',
    commonEffects: ['Improved Focus', 'Improved Mental Clarity', 'Increased Motivation', 'Improved Memory'],
    sideEffects: ['Nasal Irritation', 'Irritability', 'Headache'],
    commonStacks: ['Selank', 'Pinealon'],
    dosageRanges: { low: '200 mcg', medium: '600 mcg', high: '1 mg' },
    timeline: { onset: 'Within hours', peak: '1-2 weeks', duration: '2-4 week courses' },
  },
  {
    name: 'Dihexa',
    peptide_sequence: 'Hex-Tyr-Ile-Ahx',
    category: 'Cognitive Enhancement',
    description:
      'A small, orally active peptide analogue derived from angiotensin IV, investigated for synapse-forming effects in animal models of dementia.',
    detailedDescription:
      'Dihexa (N-hexanoic-Tyr-Ile-(6)-aminohexanoic amide) was developed at Washington State University by Joseph Harding, Jay Wright and colleagues. Rat studies reported potent enhancement of synapse formation and improved performance in memory tasks. There are no published controlled human trials, and a related HGF-modulating compound, fosgonimeton, did not meet its primary endpoint in an Alzheimer trial. It is not FDA-approved, and its long-term safety, including theoretical concerns about growth-factor signalling and cancer, is unknown.',
    mechanism:
      'Binds hepatocyte growth factor (HGF) and potentiates its activation of the c-Met receptor, which is proposed to drive dendritic spine growth and new synapse formation.',
    commonDosage: '10 mg',
    commonFrequency: 'Daily (oral or transdermal)',
    commonEffects: ['Improved Memory', 'Improved Focus', 'Improved Mental Clarity'],
    sideEffects: ['Headache', 'Insomnia', 'Irritability'],
    commonStacks: ['Semax'],
    dosageRanges: { low: '5 mg', medium: '10 mg', high: '20 mg' },
    timeline: { onset: '1-2 weeks', peak: '3-4 weeks', duration: '4-6 week cycles' },
  },
  {
    name: 'P21',
    peptide_sequence: 'Asp-Gly-Gly-Leu-AdaGly',
    category: 'Cognitive Enhancement',
    description:
      'A small peptide derived from ciliary neurotrophic factor (CNTF) with an adamantylated glycine, studied in mice for neurogenesis and memory.',
    detailedDescription:
      'P21 (also written P021) was developed by Khalid Iqbal and colleagues at the New York State Institute for Basic Research from the most active region of ciliary neurotrophic factor, identified by epitope mapping. It is an acetylated tetrapeptide (Asp-Gly-Gly-Leu) with adamantylated glycine added to the C-terminus to improve blood-brain barrier penetration and resistance to degradation. Mouse studies, including Alzheimer disease models, reported increased neurogenesis and improved cognition. There are no human trials and it is not approved anywhere.',
    mechanism:
      'Reported to increase BDNF expression and inhibit leukaemia inhibitory factor signalling, promoting neurogenesis and synaptic plasticity in the mouse hippocampus.',
    commonDosage: '1 mg',
    commonFrequency: 'Daily',
    commonEffects: ['Improved Memory', 'Improved Focus', 'Improved Mood'],
    sideEffects: ['Headache', 'Irritability', 'Fatigue'],
    commonStacks: ['Semax', 'Dihexa'],
    dosageRanges: { low: '0.5 mg', medium: '1 mg', high: '2 mg' },
    timeline: { onset: '1-2 weeks', peak: '3-4 weeks', duration: '4-6 week cycles' },
  },
  {
    name: 'Pinealon',
    peptide_sequence: 'Glu-Asp-Arg',
    category: 'Cognitive Enhancement',
    description:
      'A synthetic tripeptide (Glu-Asp-Arg) from the Khavinson family of short bioregulator peptides, studied for neuroprotection.',
    detailedDescription:
      'Pinealon was developed at the St. Petersburg Institute of Bioregulation and Gerontology as one of several short peptides proposed to regulate gene expression in specific tissues. Cell and rat studies reported reduced oxidative stress and neuronal death, for example in models of prenatal hypoxia. Human data are limited to small Russian studies. It is not approved as a medicine by Western regulators.',
    mechanism:
      'Proposed to enter cells and interact with DNA or chromatin to regulate genes involved in antioxidant defence and cell survival; the mechanism is not well established.',
    commonDosage: '5 mg',
    commonFrequency: 'Daily, in short courses',
    commonEffects: ['Better Sleep Quality', 'Improved Mental Clarity', 'Improved Memory'],
    sideEffects: ['Headache', 'Injection Site Redness', 'Vivid Dreams'],
    commonStacks: ['Epitalon', 'Semax'],
    dosageRanges: { low: '1 mg', medium: '5 mg', high: '10 mg' },
    timeline: { onset: '1-2 weeks', peak: '2-3 weeks', duration: '10-20 day courses' },
  },

  // ---------------------------------------------------------------------------
  // Metabolic Health
  // ---------------------------------------------------------------------------
  {
    name: 'Semaglutide',
    peptide_sequence: 'HXEGTFTSDVSSYLEGQAAKEFIAWLVRGRG',
    category: 'Metabolic Health',
    description:
      'A long-acting GLP-1 receptor agonist, FDA-approved for type 2 diabetes (Ozempic, Rybelsus) and chronic weight management (Wegovy).',
    detailedDescription:
      'Semaglutide was developed by Novo Nordisk and first approved by the FDA in 2017. Its backbone is human GLP-1(7-37) with aminoisobutyric acid (Aib, written as X) at position 8 and arginine at position 34, plus a C18 fatty diacid attached to lysine 26 through a linker, giving albumin binding and a half-life of about one week. Large randomised human trials show substantial weight loss and fewer major cardiovascular events in high-risk groups. It is a prescription medicine, and compounded or unregulated versions carry additional quality risks.',
    mechanism:
      'Activates GLP-1 receptors to enhance glucose-dependent insulin secretion, suppress glucagon, slow gastric emptying and reduce appetite through brain pathways.',
    commonDosage: '0.25 mg starting dose, titrated up to 2.4 mg',
    commonFrequency: 'Weekly',
    commonEffects: ['Appetite Control', 'Weight Loss', 'Improved Blood Sugar', 'Reduced Cravings'],
    sideEffects: ['Nausea', 'Constipation', 'Diarrhea', 'Vomiting', 'Fatigue'],
    commonStacks: [],
    dosageRanges: { low: '0.25 mg', medium: '1 mg', high: '2.4 mg' },
    timeline: { onset: '1-2 weeks', peak: '3-6 months', duration: 'Ongoing under prescription' },
  },
  {
    name: 'Tirzepatide',
    peptide_sequence: 'YXEGTFTSDYSIXLDKIAQKAFVQWLIAGGPSSGAPPPS',
    category: 'Metabolic Health',
    description:
      'A dual GIP and GLP-1 receptor agonist, FDA-approved for type 2 diabetes (Mounjaro) and chronic weight management (Zepbound).',
    detailedDescription:
      'Tirzepatide was developed by Eli Lilly and approved by the FDA in 2022 for type 2 diabetes and in 2023 for chronic weight management. It is a 39-amino-acid peptide based on the GIP sequence, with two Aib residues (written as X), a C-terminal amide and a C20 fatty diacid attached to lysine 20 for once-weekly dosing. Large phase 3 human trials (SURPASS, SURMOUNT) showed substantial reductions in HbA1c and body weight. It is a prescription medicine.',
    mechanism:
      'Activates both GIP and GLP-1 receptors, enhancing insulin secretion, reducing appetite and food intake, and slowing gastric emptying.',
    commonDosage: '2.5 mg starting dose, titrated up to 15 mg',
    commonFrequency: 'Weekly',
    commonEffects: ['Appetite Control', 'Weight Loss', 'Improved Blood Sugar', 'Reduced Cravings'],
    sideEffects: ['Nausea', 'Diarrhea', 'Constipation', 'Vomiting', 'Injection Site Redness'],
    commonStacks: [],
    dosageRanges: { low: '2.5 mg', medium: '7.5 mg', high: '15 mg' },
    timeline: { onset: '1-2 weeks', peak: '3-6 months', duration: 'Ongoing under prescription' },
  },
  {
    name: 'Liraglutide',
    peptide_sequence: 'HAEGTFTSDVSSYLEGQAAKEFIAWLVRGRG',
    category: 'Metabolic Health',
    description:
      'A once-daily GLP-1 receptor agonist, FDA-approved for type 2 diabetes (Victoza) and chronic weight management (Saxenda).',
    detailedDescription:
      'Liraglutide was developed by Novo Nordisk and approved by the FDA in 2010 for type 2 diabetes and in 2014 for weight management. It shares 97 percent homology with human GLP-1(7-37), with arginine replacing lysine at position 34 and a palmitic acid chain attached to lysine 26 through a glutamic acid spacer, which allows once-daily dosing. Large human trials (LEADER, SCALE) showed improved glycaemic control, weight loss and fewer cardiovascular events in high-risk people with type 2 diabetes. Generic versions have become available in the US.',
    mechanism:
      'Activates GLP-1 receptors to enhance glucose-dependent insulin secretion, suppress glucagon, slow gastric emptying and reduce appetite.',
    commonDosage: '0.6 mg starting dose, titrated up to 3 mg',
    commonFrequency: 'Daily',
    commonEffects: ['Appetite Control', 'Weight Loss', 'Improved Blood Sugar'],
    sideEffects: ['Nausea', 'Diarrhea', 'Constipation', 'Headache'],
    commonStacks: [],
    dosageRanges: { low: '0.6 mg', medium: '1.8 mg', high: '3 mg' },
    timeline: { onset: '1-2 weeks', peak: '3-4 months', duration: 'Ongoing under prescription' },
  },
  {
    name: 'AOD-9604',
    peptide_sequence: 'YLRIVQCRSVEGSCGF',
    category: 'Metabolic Health',
    description:
      'A modified fragment of the C-terminal end of human growth hormone (residues 177-191 plus a tyrosine), studied for fat metabolism.',
    detailedDescription:
      'AOD-9604 was developed by Metabolic Pharmaceuticals in Australia from Monash University research on the fat-burning region of growth hormone. Animal studies showed increased fat breakdown without effects on IGF-1 or blood glucose. Human trials for obesity found it well tolerated, but a larger phase 2b study did not show meaningful weight loss compared with placebo, and development for obesity was stopped. It is not FDA-approved and is prohibited in sport by WADA.',
    mechanism:
      'Thought to mimic the lipolytic action of growth hormone, stimulating fat breakdown and inhibiting lipogenesis in adipose tissue without meaningfully activating the GH receptor or raising IGF-1.',
    commonDosage: '300 mcg',
    commonFrequency: 'Daily, usually fasted',
    commonEffects: ['Fat Loss', 'Improved Body Composition', 'Increased Energy'],
    sideEffects: ['Injection Site Redness', 'Headache', 'Fatigue'],
    commonStacks: ['CJC-1295', 'Ipamorelin'],
    dosageRanges: { low: '250 mcg', medium: '300 mcg', high: '500 mcg' },
    timeline: { onset: '2-4 weeks', peak: '8-12 weeks', duration: '8-12 week cycles' },
  },
  {
    name: 'MOTS-c',
    peptide_sequence: 'MRWQEMGYIFYPRKLR',
    category: 'Metabolic Health',
    description:
      'A 16-amino-acid peptide encoded in mitochondrial DNA that signals metabolic stress, studied for insulin sensitivity and exercise capacity.',
    detailedDescription:
      'MOTS-c was described in 2015 by Changhan Lee, Pinchas Cohen and colleagues at the University of Southern California and is encoded within the mitochondrial 12S rRNA gene. In mice it improved insulin sensitivity, prevented diet-induced obesity and increased physical capacity in older animals. Human evidence is limited to measurements of circulating levels and early-phase testing of an analogue. It is not FDA-approved.',
    mechanism:
      'Under metabolic stress it activates AMPK, partly through the folate cycle and AICAR accumulation, and can move to the nucleus to regulate stress-response genes.',
    commonDosage: '5 mg',
    commonFrequency: 'Two to three times weekly',
    commonEffects: ['Improved Endurance', 'Improved Insulin Sensitivity', 'Fat Loss', 'Increased Energy'],
    sideEffects: ['Injection Site Pain', 'Elevated Heart Rate', 'Insomnia'],
    commonStacks: ['SS-31', 'Humanin'],
    dosageRanges: { low: '2.5 mg', medium: '5 mg', high: '10 mg' },
    timeline: { onset: '1-2 weeks', peak: '4-6 weeks', duration: '6-8 week cycles' },
  },
];

export const PEPTIDES: SeedPeptide[] = ENTRIES.map((p) => ({ ...p, sources: catalogueSources(p.name) }));

export interface SeedEffect {
  name: string;
  type: 'positive' | 'side';
}

/** General effects that are not tied to a single catalogue entry. */
const GENERAL_EFFECTS: SeedEffect[] = [
  { name: 'Increased Energy', type: 'positive' },
  { name: 'Better Sleep Quality', type: 'positive' },
  { name: 'Improved Mood', type: 'positive' },
  { name: 'Improved Focus', type: 'positive' },
  { name: 'Reduced Stress', type: 'positive' },
  { name: 'Improved Libido', type: 'positive' },
  { name: 'Headache', type: 'side' },
  { name: 'Nausea', type: 'side' },
  { name: 'Dizziness', type: 'side' },
  { name: 'Fatigue', type: 'side' },
  { name: 'Insomnia', type: 'side' },
  { name: 'Injection Site Redness', type: 'side' },
  { name: 'Mood Swings', type: 'side' },
];

function buildEffects(): SeedEffect[] {
  const seen = new Set<string>();
  const out: SeedEffect[] = [];
  const add = (name: string, type: SeedEffect['type']): void => {
    if (seen.has(name)) return;
    seen.add(name);
    out.push({ name, type });
  };
  for (const p of PEPTIDES) {
    for (const e of p.commonEffects) add(e, 'positive');
  }
  for (const p of PEPTIDES) {
    for (const e of p.sideEffects) add(e, 'side');
  }
  for (const e of GENERAL_EFFECTS) add(e.name, e.type);
  return out;
}

/** Effect vocabulary: every effect used in PEPTIDES plus general ones, each name once. */
export const EFFECTS: SeedEffect[] = buildEffects();

export const STORY_SNIPPETS: string[] = [
  'I noticed some **injection-site redness** for the first two days, but it faded quickly once I started rotating sites properly.',
  'Sleep was the first thing to change for me; I was falling asleep faster and waking up far less often during the night.',
  'Honestly, the first three weeks felt like nothing was happening, and I almost quit before things slowly started to shift.',
  'I got bloodwork done before starting and again at eight weeks so I could see what was actually changing instead of guessing.',
  'My doctor and I went through my history and current medication before I started, and I am really glad I had that conversation first.',
  'Training recovery improved noticeably; the soreness that used to linger for three days was mostly gone after one.',
  'I had mild nausea in the mornings during the first week, which eased once I moved things to after a light meal.',
  'Not much to report, to be honest. Nothing dramatic happened, although my joints did feel a little less stiff in the mornings.',
  'Some evenings I felt unusually tired and a bit flat, so I shifted my timing earlier in the day and that seemed to help.',
  '**Patience is key.** Most of the benefit showed up gradually, and I only really noticed it when I looked back through my notes.',
  'I kept a simple daily log of sleep, mood and training, which made it much easier to judge what was real and what was placebo.',
  'My lower back had been nagging me for months, and by week five I could deadlift again without that familiar twinge.',
  'I stopped after two weeks because of persistent headaches. It might not have been the compound, but I was not willing to push through.',
  'The water retention caught me off guard; my rings felt tight and my face looked puffy for the first couple of weeks.',
  'My fasting glucose crept up a little on my follow-up labs, so my doctor suggested pausing and rechecking in a month.',
  'I felt calmer in situations that normally stress me out, like presentations at work, without feeling sedated or foggy.',
  'Focus was better in the mornings, but by mid-afternoon I could not really tell the difference from my usual baseline.',
  'I was nervous about product quality, so I asked for independent lab testing results before deciding whether to go ahead at all.',
  'Tingling in my hands showed up around week three, mostly in the mornings, and went away after I lowered the amount.',
  'I did not expect my skin to change, but a friend asked if I had been on holiday because I looked so much more rested.',
  'My appetite dropped a lot more than I expected, and I had to make a point of eating enough protein on training days.',
  'I had vivid dreams almost every night during the first week; not unpleasant, just very noticeable and a little strange.',
  'Overall it was a mixed experience: recovery felt better, but the daily injections got old fast and I struggled with consistency.',
  'I tracked my resting heart rate and HRV with a wearable, and both looked slightly better by the end of the cycle.',
  'After my shoulder surgery my physio said my range of motion was coming back faster than expected, though I also never skipped rehab.',
  'Looking back, a lot of my improvement probably came from finally sleeping and eating properly, so it is hard to credit any single thing.',
  'I got a small bruise at almost every injection site at first; a smaller needle and going slower made a big difference.',
  '**Talk to your doctor** before starting anything like this, especially if you take other medication. Mine caught an interaction I had missed.',
  'Energy levels were steadier through the day, with fewer of the afternoon crashes I had come to accept as normal.',
  'I felt a bit lightheaded a couple of times after my evening dose, so I started doing it sitting down just in case.',
  'Gut issues that had bothered me for years calmed down noticeably, although I changed my diet at the same time, so who knows.',
  'My lifts went up slowly but steadily, nothing dramatic, and I was careful not to attribute all of it to one variable.',
  'I saw no change at all after a full eight weeks. Maybe I am just a non-responder, but I wanted to share that side too.',
  'Bloodwork at the end of my cycle was unremarkable, which honestly reassured me more than any of the subjective changes.',
  'The first few days brought mild flushing and warmth in my face about twenty minutes after each dose, which faded with time.',
  'My mood was noticeably brighter and I felt more patient with my kids, which my partner pointed out before I did.',
  'I would say **start low and go slow**; the one time I rushed to a higher amount, I felt rough for two days.',
  'Recovery between running sessions improved, and I managed my first injury-free training block in over a year.',
  'Storage and reconstitution felt intimidating at first, so I read up carefully and kept everything refrigerated and clearly labelled.',
  'I ended up stopping because the **cost added up** quickly and the benefits were too subtle to justify it for me.',
];
