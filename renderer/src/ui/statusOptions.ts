import type { FieldSpec } from './FormFields';

export const STATUS_FIELD: FieldSpec = {
  name: 'status',
  label: 'status.field',
  type: 'select',
  options: [
    ['publish', 'status.publish'],
    ['draft', 'status.draft'],
    ['pending', 'status.pendingReview'],
    ['private', 'status.private'],
    ['future', 'status.future'],
  ],
};
