import { navigate } from '../app/router';
import { Button } from '../ui/Button';
import { t } from '../i18n';

/** The "New event" action of the screens that show events (list and calendar). */
export function NewEventButton() {
  return (
    <Button variant="primary" onClick={() => navigate('/events/new')}>
      {t('calendar.newEvent')}
    </Button>
  );
}
