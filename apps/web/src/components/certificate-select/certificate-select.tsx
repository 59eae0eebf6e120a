import { certificateChoiceTexts as texts } from '@nuage/shared/certificate-choice';
import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { Link } from 'react-router';
import { FormField } from '@/components/ui/form-field';
import { Input, Select, type InputProps } from '@/components/ui/input';
import { useCoveringCertificates } from './project-certificates';

type Props = SelectHTMLAttributes<HTMLSelectElement> & {
  projectId: string;
  domain: string;
  invalid?: boolean;
  ref?: Ref<HTMLSelectElement>;
};

/**
 * The TLS certificate of an application (SPEC §3 certificat_tls_id): "Let's Encrypt
 * automatique" (empty value) or one of the project's certificates covering the domain. Without
 * a domain there is nothing to choose.
 */
export function CertificateSelect({ projectId, domain, ...select }: Props) {
  const { covering, loading } = useCoveringCertificates(projectId, domain);
  // The form's field is attached once the options exist, so a value chosen earlier (the edit
  // modal's current certificate) is shown selected rather than lost to a missing option.
  if (loading)
    return (
      <Select id={select.id} aria-describedby={select['aria-describedby']} disabled>
        <option>{texts.loading}</option>
      </Select>
    );
  return (
    <Select {...select} disabled={!domain.trim() || select.disabled}>
      <option value="">{texts.automatic}</option>
      {covering.map((c) => (
        <option key={c.id} value={c.id}>
          {texts.option(c.nom, c.nom_domaine, c.type_certificat)}
        </option>
      ))}
    </Select>
  );
}

/** What the field says under it: why it is disabled, or that no certificate fits. */
export function CertificateHint({ projectId, domain }: { projectId: string; domain: string }) {
  const { covering, loading } = useCoveringCertificates(projectId, domain);
  if (!domain.trim()) return <>{texts.domainFirst}</>;
  if (loading || covering.length > 0) return <>{texts.chooseHint}</>;
  return (
    <>
      {texts.noneCovering(domain.trim().toLowerCase())}{' '}
      <Link to="/certificates" className="text-blue-600 underline dark:text-blue-400">
        {texts.manage}
      </Link>
    </>
  );
}

/**
 * An application's domain and its TLS certificate, as the wizard, the inline form and the edit
 * modal ask for them: the certificate choice follows the domain typed above it.
 */
export function DomainCertificateFields({
  projectId,
  domain,
  label,
  hint,
  domainError,
  certificateError,
  domainInput,
  certificateInput,
}: {
  projectId: string;
  /** The domain as typed (watched by the caller's form). */
  domain: string;
  label: string;
  hint?: ReactNode;
  domainError?: string;
  certificateError?: string;
  domainInput: InputProps;
  certificateInput: SelectHTMLAttributes<HTMLSelectElement>;
}) {
  return (
    <>
      <FormField label={label} error={domainError} hint={hint}>
        <Input
          autoComplete="off"
          spellCheck={false}
          placeholder="boutique.exemple.sn"
          {...domainInput}
        />
      </FormField>
      <FormField
        label={texts.label}
        error={certificateError}
        hint={<CertificateHint projectId={projectId} domain={domain} />}
      >
        <CertificateSelect projectId={projectId} domain={domain} {...certificateInput} />
      </FormField>
    </>
  );
}
