import type { FieldSpec } from './FormFields';

export const STATUS_FIELD: FieldSpec = {
  name: 'status',
  label: 'Status',
  type: 'select',
  options: [
    ['publish', 'Published'],
    ['draft', 'Draft'],
    ['pending', 'Pending review'],
    ['private', 'Private'],
    ['future', 'Scheduled'],
  ],
};
