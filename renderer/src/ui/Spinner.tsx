import { t } from '../i18n';

/** A small progress indicator; `label` is read to screen readers. */
export function Spinner({ label = t('common.loading') }: { label?: string }) {
  return (
    <span className="spinner" role="status">
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** A thin bar at the top of a panel while something loads in the background. */
export function ProgressBar({ active }: { active: boolean }) {
  return <div className={`progress${active ? ' progress--active' : ''}`} aria-hidden="true" />;
}
