import { PageHeader } from '@/components/ui/page-header';
import { ApiTokensCard } from '@/features/api-tokens/components/api-tokens-card';
import { BillingCard } from '@/features/billing/components/billing-card';
import { AccountInfoCard } from '@/features/profile/components/account-info-card';
import { DangerZoneCard } from '@/features/profile/components/danger-zone-card';
import { ProfileDetailsCard } from '@/features/profile/components/profile-details-card';
import { SecurityCard } from '@/features/security/components/security-card';
import { EmailPreferencesCard } from '@/features/notifications/components/email-preferences-card';
import { SessionsCard } from '@/features/sessions/components/sessions-card';
import { useUser } from '@/lib/auth';

export default function ProfileRoute() {
  const user = useUser();
  return (
    <div>
      <PageHeader
        title="Mon profil"
        description="Gérez vos informations personnelles et la sécurité de votre compte."
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <ProfileDetailsCard user={user} />
          <BillingCard />
          <SecurityCard email={user.email} twoFactor={user.double_authentification} />
          <SessionsCard />
          <EmailPreferencesCard />
          <ApiTokensCard />
        </div>
        <div className="space-y-6">
          <AccountInfoCard user={user} />
          <DangerZoneCard />
        </div>
      </div>
    </div>
  );
}
