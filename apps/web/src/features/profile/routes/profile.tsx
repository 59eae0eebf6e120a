import { PageHeader } from '@/components/ui/page-header';
import { useUser } from '@/lib/auth';
import { AccountInfoCard } from '../components/account-info-card';
import { ApiTokensCard } from '../components/api-tokens-card';
import { BillingCard } from '../components/billing-card';
import { DangerZoneCard } from '../components/danger-zone-card';
import { ProfileDetailsCard } from '../components/profile-details-card';
import { SecurityCard } from '../components/security-card';
import { SessionsCard } from '../components/sessions-card';

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
