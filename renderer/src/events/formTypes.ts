import type { useForm } from '../ui/form';
import type { EventValues } from './eventForm';

export type EventForm = ReturnType<typeof useForm<EventValues>>;
