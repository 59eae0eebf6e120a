import { zodResolver } from '@hookform/resolvers/zod';
import type { Project } from '@nuage/shared/api-types';
import type { Certificate } from '@nuage/shared/certificate-types';
import { certificateErrors, certificateSuccess } from '@nuage/shared/messages';
import {
  letsEncryptCertificateSchema,
  letsEncryptFormTexts,
} from '@nuage/shared/schemas/certificates';
import { useForm } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { notify } from '@/lib/toast';
import { useRequestLetsEncrypt } from '../api/request-lets-encrypt';
import { CheckboxField } from './checkbox-field';
import { defaultProjectId, ProjectField } from './project-field';
import { placeServerErrors } from './server-errors';

const fields = ['nom_domaine', 'email', 'description', 'wildcard', 'staging', 'projet_id'] as const;

/** SPEC §3 "Automated-authority creation form": the platform orders and renews it. */
export function LetsEncryptForm({
  projects,
  preferredProjectId,
  formId,
  onDone,
}: {
  projects: Project[];
  preferredProjectId?: string | undefined;
  /** The modal's footer submits it (`form` attribute). */
  formId: string;
  onDone(certificate: Certificate): void;
}) {
  const mutation = useRequestLetsEncrypt();
  const projectId = defaultProjectId(projects, preferredProjectId);
  const form = useForm({
    resolver: zodResolver(letsEncryptCertificateSchema),
    defaultValues: {
      nom_domaine: '',
      email: '',
      description: '',
      wildcard: false,
      staging: false,
      projet_id: projectId,
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (data) => {
    let certificate: Certificate;
    try {
      certificate = await mutation.mutateAsync(data);
    } catch (error) {
      const rest = placeServerErrors(error, fields, form.setError, certificateErrors.create);
      if (rest) notify.error(rest);
      return;
    }
    notify.success(certificateSuccess.requested);
    onDone(certificate);
  });

  return (
    <form
      id={formId}
      onSubmit={onSubmit}
      noValidate
      aria-label="Demande Let's Encrypt"
      className="space-y-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Nom de domaine"
          error={errors.nom_domaine?.message}
          hint={letsEncryptFormTexts.domainHint}
        >
          <Input
            autoComplete="off"
            spellCheck={false}
            placeholder="boutique.exemple.sn"
            {...form.register('nom_domaine')}
          />
        </FormField>
        <FormField
          label="Adresse email"
          error={errors.email?.message}
          hint="Let's Encrypt y envoie ses avis importants."
        >
          <Input
            type="email"
            autoComplete="email"
            placeholder="admin@exemple.sn"
            {...form.register('email')}
          />
        </FormField>
      </div>
      <ProjectField
        projects={projects}
        registration={form.register('projet_id')}
        error={errors.projet_id?.message}
        defaultValue={projectId}
      />
      <FormField label="Description (optionnelle)" error={errors.description?.message}>
        <Textarea rows={2} {...form.register('description')} />
      </FormField>
      <div className="space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-800">
        <CheckboxField
          label="Wildcard (*.domaine)"
          hint="Couvre aussi tous les sous-domaines ; l'autorité exige alors une validation DNS."
          error={errors.wildcard?.message}
          registration={form.register('wildcard')}
        />
        <CheckboxField
          label="Mode test"
          hint="Autorité de test de Let's Encrypt (staging) : sans limite de demandes, mais non reconnue par les navigateurs."
          error={errors.staging?.message}
          registration={form.register('staging')}
        />
      </div>
    </form>
  );
}
