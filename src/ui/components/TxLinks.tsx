// A swap's transactions as the service names them: each hash, linked to its explorer only through the
// wallet's own table (src/core/explorers.ts, docs/security.md "Links the wallet builds"). The service's
// `explorerUrl` chooses at most which known explorer; anything else is shown as the hash in text.

import type { TxLink } from '../../api/swapApi';
import { explorerLink } from '../../core/explorers';

export function TxLinkList({ links, linkTestid }: { links: TxLink[]; linkTestid?: string }) {
  return (
    <ul class="plain">
      {links.map((l) => {
        const href = explorerLink(l.hash, l.explorerUrl);
        return (
          <li key={l.hash}>
            {href ? (
              <a href={href} target="_blank" rel="noopener noreferrer" class="mono" data-testid={linkTestid}>
                {l.hash}
              </a>
            ) : (
              <code>{l.hash}</code>
            )}
          </li>
        );
      })}
    </ul>
  );
}
