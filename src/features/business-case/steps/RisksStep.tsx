import type { StepProps } from '../caseFormTypes';
import { ItemList } from './ItemList';

export function RisksStep(props: StepProps) {
  return (
    <ItemList
      {...props}
      path="risk_items"
      noun="risk"
      columns={[
        { key: 'risk', label: 'Risk', placeholder: 'Data quality, adoption, privacy…', grow: 1 },
        { key: 'mitigation', label: 'Mitigation', placeholder: 'How you will manage it', grow: 1 },
      ]}
      empty={{ risk: '', mitigation: '' }}
      emptyText="What could stop the benefits, and what will you do about it?"
    />
  );
}
