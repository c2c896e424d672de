// Technical Details tab: tracking IDs, anonymous submission (and what the traffic shows, signed in or not), logs, the browser, storage, the source.
import { SIGNED_IN_SUBMISSION } from '@/lib/brand';
import { SOURCE_CODE_URL } from '@/lib/source-code';
import { Section, SourceLink } from './parts';

export function TechnicalDetails() {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Section title="Tracking IDs">
        <p>
          <code>TRK-</code> followed by 20 digits from a cryptographic random source (about 66 bits). The database keeps
          only a SHA-256 hash of it, so even someone reading the database cannot turn a report back into its ID.
        </p>
        <p>
          The tracking ID travels only in request bodies, never in a web address, so it cannot end up in the logs of a
          proxy or host, or in your browser history. The exported file is named{' '}
          <code>peptide-experience-export.json</code>, without the ID.
        </p>
      </Section>
      <Section title="Anonymous submission">
        <p>
          The app sends a report without your sign-in token, and the server never reads one on that call. The
          experiences table has no column for an account, address or user agent.
        </p>
        <p>
          While you write a report, the wizard asks the site for nothing that depends on it: it searches the list of
          peptides on your device, and a link from a peptide’s page carries the peptide after a <code>#</code>, which
          your browser never sends. Every answer the site gives you about your report is the same size whatever the
          report, and never compressed; the report itself and a correction are sent padded to one size. Someone who sees
          the traffic learns that a report was sent, not which. Reading a peptide’s page just before you write about it
          is browsing like any other, and shows which page you read.
        </p>
      </Section>
      <Section title="Submitting while signed in">
        <p>
          {SIGNED_IN_SUBMISSION.risk} {SIGNED_IN_SUBMISSION.remedy}
        </p>
      </Section>
      <Section title="Logs and rate limits">
        <p>
          Server logs record only the method, the route pattern (such as <code>/api/experiences/:id</code>) and the
          status of a request: never its body, a query, your address, or a tracking ID.
        </p>
        <p>
          To stop floods, requests are counted per client under a keyed hash (HMAC) of the address, with a key that
          changes every day and is kept only in the server’s memory or its operator’s settings, never in the database or
          a backup. Counts expire with their time window, which ends on a whole minute, so they keep no time finer than
          the minute.
        </p>
      </Section>
      <Section title="In your browser">
        <p>
          No cookies and no third-party scripts: a Content Security Policy lets the page load code only from this site.
        </p>
        <p>
          Local storage keeps your theme choice and, if you sign in, your session, and whether this device may fill in
          the wizard’s demographics from your profile (off unless you turn it on). A draft of an unfinished report stays
          in this tab’s session storage and is cleared when you submit it or close the tab.
        </p>
      </Section>
      <Section
        title="What the data folder keeps"
        description="What someone holding the database files, a copy of them or a backup could learn beyond the public pages."
      >
        <p>
          The database holds everything a report says, including the age range, sex, activity level and sourcing details
          the public pages withhold, but nothing that names who sent it. Between two publications it also holds the
          reports and changes waiting for the next one.
        </p>
        <p>
          A backup made with the server’s backup command holds only the live data, and no request counts. It lists the
          reports and changes waiting for the next publication in a random order, not the order they arrived in, and
          keeps the time of a report or of a change to it no finer than the minute: a report keeps its day, a waiting
          change the publication it waits for.
        </p>
        <p>
          The database’s own files, and a copy of them, are not such a backup: between two publications they still hold
          the waiting reports and changes in the order they arrived, in the unused space of its files and in the
          database’s change log, which also keeps the time of each to the millisecond. After each publication the server
          removes what it can: the replaced and deleted rows, the waiting list (rewritten), and the change log (ended
          and deleted). What remains: the text of a deleted or corrected report can stay in the unused space of the
          database’s files until new reports are written over it, and short fragments of its words in the search index
          until that index is next cleaned.
        </p>
        <p>
          For the wait the wizard tells you about, it keeps a record of the last 30 days’ publications: when each ran,
          how many changes it took, how long each of them had waited in whole publication intervals (sorted, naming no
          report), and whether the longest wait sent it out small.
        </p>
        <p>
          Run on a PostgreSQL server, the server can end the change log only with the rights for it (a superuser or the
          pg_checkpoint role); otherwise PostgreSQL removes old log segments by itself at its next checkpoints, within
          minutes.
        </p>
      </Section>
      <Section title="Storage and transport" description="What we guarantee, and what the host must provide.">
        <p>
          Data lives in one PostgreSQL database (embedded PGlite or a PostgreSQL server). Passwords are hashed with
          scrypt and a per-account salt.
        </p>
        <p>
          Deployment requirements: serve the site only over HTTPS (TLS), and keep the database on an encrypted disk. The
          application itself does not encrypt data at rest.
        </p>
      </Section>
      {SOURCE_CODE_URL && (
        <Section title="Open source">
          <p>Everything described here can be checked in the public repository.</p>
          <SourceLink />
        </Section>
      )}
    </div>
  );
}
