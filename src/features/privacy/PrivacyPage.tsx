// Privacy & Data Control (/privacy), one file per tab under sections/. Every statement there is
// checked against the code it describes: server/db/migrations/001_init.sql (no identifier columns on experiences),
// server/lib/tracking.ts (tracking ID hashing), server/lib/rate-limit.ts (HMAC keys),
// server/app.ts and server/plugins/route-config.ts (log serializers, CSP),
// server/services/experiences.ts (time kept and published to the day; vendorOf),
// contract/rules.ts and server/services/reporter-shares.ts (who reports a peptide), contract/experiences.ts
// (publishSourcing), server/db/migrations/009_moderation.sql and server/services/moderation.ts
// (statuses, flags, the moderation log, what the queue shows).
// sections/YourAccount.tsx names the files behind what it says of member accounts.
// tests/web/privacy-statements.test.tsx checks the statements are here.
import { useEffect, useState } from 'react';
import { usePublicationScheduleState } from '@/api/publication';
import { PageIntro } from '@/components/page/PageIntro';
import { forgetHandedTrackingId, handedTrackingId } from '@/lib/tracking-id';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Overview } from './sections/Overview';
import { TechnicalDetails } from './sections/TechnicalDetails';
import { YourAccount } from './sections/YourAccount';
import { YourData } from './sections/YourData';
import { YourRights } from './sections/YourRights';

export function PrivacyPage() {
  // The confirmation's "View your report" and "Manage it" hand the tracking ID over in memory
  // (src/lib/tracking-id.ts; never the address, the history entry or storage): the Your Data tab
  // opens with it looked up, once.
  const [handed] = useState(handedTrackingId);
  useEffect(forgetHandedTrackingId, []);
  // How this site publishes (src/api/publication.ts), for the Overview's and the lookup's sentences.
  const { schedule, loading: scheduleLoading } = usePublicationScheduleState();
  return (
    <div>
      <PageIntro title="Privacy & Data Control">
        What we keep, what we never keep, and how to look up, export, correct or delete your own submission or your
        account.
      </PageIntro>
      <Tabs defaultValue={handed ? 'data' : 'overview'}>
        <TabsList aria-label="Privacy sections">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="data">Your Data</TabsTrigger>
          <TabsTrigger value="rights">Your Rights</TabsTrigger>
          <TabsTrigger value="account">Your Account</TabsTrigger>
          <TabsTrigger value="technical">Technical Details</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <Overview schedule={schedule} scheduleLoading={scheduleLoading} />
        </TabsContent>
        {/* Kept mounted while hidden, so a looked-up report survives a visit to another tab. */}
        <TabsContent value="data" forceMount className="data-[state=inactive]:hidden">
          <YourData handedTrackingId={handed} schedule={schedule} />
        </TabsContent>
        <TabsContent value="rights">
          <YourRights schedule={schedule} />
        </TabsContent>
        <TabsContent value="account">
          <YourAccount />
        </TabsContent>
        <TabsContent value="technical">
          <TechnicalDetails />
        </TabsContent>
      </Tabs>
    </div>
  );
}
