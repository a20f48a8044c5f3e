import { serializeForInlineScript } from '../../../shared/serialize-for-inline-script';
import { useNonce } from '../../app/nonce';

/** Structured data as an inline script: escaped like every inline script, under the nonce. */
export function JsonLd({ data }: { data: unknown }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: serializeForInlineScript(data) }}
    />
  );
}
