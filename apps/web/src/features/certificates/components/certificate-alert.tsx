import { Link } from 'react-router';
import { Notice } from '@/components/ui/notice';

/**
 * The application's HTTPS certificate could not be obtained, or has expired (the server's
 * French sentence, alerte_certificat): said at the top of the page, with the way to the
 * certificate list where the authority's answer is kept.
 */
export function CertificateAlert({ message }: { message: string }) {
  return (
    <div role="alert">
      <Notice tone="error" title="Certificat HTTPS">
        <p>{message}</p>
        <p>
          <Link to="/certificates" className="font-medium underline">
            Voir les certificats
          </Link>
        </p>
      </Notice>
    </div>
  );
}
