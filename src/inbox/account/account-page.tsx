import { Button } from '../../components/ui/button.tsx'
import { useSignedIn, useSignOut } from '../api/session.ts'
import { accountCopy } from '../content/account-copy.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { PageTitle } from '../ui/page-title.tsx'
import { Section } from '../ui/section.tsx'
import { BackupsSection } from './backups-section.tsx'
import { ErasureSection } from './erasure-section.tsx'
import { IntegrationsSection } from './integrations-section.tsx'
import { PasswordSection } from './password-section.tsx'
import { TeammatesSection } from './teammates-section.tsx'
import { TotpEnrolment } from './totp-enrolment.tsx'

const copy = inboxCopy.account

export function AccountPage() {
  const { email } = useSignedIn()
  const signOut = useSignOut()
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <PageTitle>{copy.title}</PageTitle>
      <p>
        {copy.signedInAs} <strong className="break-all">{email}</strong>
      </p>
      <Section title={accountCopy.password.title}>
        <PasswordSection />
      </Section>
      <Section title={copy.totp}>
        <TotpEnrolment />
      </Section>
      <Section title={accountCopy.teammates.title}>
        <TeammatesSection />
      </Section>
      <Section title={copy.backups}>
        <BackupsSection />
      </Section>
      <IntegrationsSection />
      <ErasureSection />
      <div>
        <Button variant="secondary" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          {copy.signOut}
        </Button>
      </div>
    </div>
  )
}
