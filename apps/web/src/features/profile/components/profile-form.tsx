import { zodResolver } from '@hookform/resolvers/zod';
import { success } from '@nuage/shared/messages';
import {
  profileUpdateSchema,
  type ProfileUpdate,
  type UserProfile,
} from '@nuage/shared/schemas/users';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useUpdateProfile } from '../api/update-profile';

export function ProfileForm({ user, onDone }: { user: UserProfile; onDone(): void }) {
  const updateMutation = useUpdateProfile();
  const form = useForm<ProfileUpdate>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: { prenom: user.prenom, nom: user.nom, email: user.email },
  });
  const { errors } = form.formState;
  const { setFocus } = form;
  useEffect(() => setFocus('prenom'), [setFocus]);

  const onSubmit = form.handleSubmit(async (values) => {
    let profile: UserProfile;
    try {
      profile = await updateMutation.mutateAsync(values);
    } catch (err) {
      // 409: the address belongs to another account; the toast says so, the field too.
      if (err instanceof ApiError && err.status === 409)
        form.setError('email', { message: err.message });
      return;
    }
    // A new address is only applied once the code mailed to it is entered.
    notify.success(
      profile.email_en_attente ? success.emailChangeRequested : success.profileUpdated,
    );
    onDone();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Prénom" error={errors.prenom?.message}>
          <Input autoComplete="given-name" {...form.register('prenom')} />
        </FormField>
        <FormField label="Nom" error={errors.nom?.message}>
          <Input autoComplete="family-name" {...form.register('nom')} />
        </FormField>
      </div>
      <FormField label="Adresse email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onDone} disabled={form.formState.isSubmitting}>
          Annuler
        </Button>
        <Button type="submit" loading={form.formState.isSubmitting} loadingText="Enregistrement...">
          Enregistrer
        </Button>
      </div>
    </form>
  );
}
