import type { FindingView, RiskLevelView } from '../../api/approvalApi';
import { said } from '../phrase';
import { Shown } from './Shown';
import { levelLabel } from './view';

export function LevelBadge({ level }: { level: RiskLevelView }) {
  return <span class={`level level-${level}`}>{levelLabel(level)}</span>;
}

/**
 * Risk findings, most severe first, each with its level badge and reason, worded here in the person's
 * language (a finding carries its message's key and substitutions: src/core/phrase.ts); page-supplied
 * substitutions show their hidden characters as escapes (./Shown).
 */
export function Findings({ findings }: { findings: FindingView[] }) {
  if (findings.length === 0) return null;
  const order: RiskLevelView[] = ['forbidden', 'danger', 'warning', 'info'];
  const sorted = [...findings].sort((a, b) => order.indexOf(a.level) - order.indexOf(b.level));
  return (
    <ul class="findings">
      {sorted.map((f, i) => (
        <li
          key={`${f.code}-${i}`}
          class={`finding finding-${f.level}`}
          data-level={f.level}
          data-code={f.code}
          data-testid="approval-finding"
        >
          <LevelBadge level={f.level} />{' '}
          <span>
            <Shown text={said(f.words) || f.code} />
          </span>
        </li>
      ))}
    </ul>
  );
}
