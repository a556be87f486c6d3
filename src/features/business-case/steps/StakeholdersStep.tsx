import type { StepProps } from '../caseFormTypes';
import { ItemList } from './ItemList';

export function StakeholdersStep(props: StepProps) {
  return (
    <ItemList
      {...props}
      path="stakeholders"
      noun="stakeholder"
      columns={[
        { key: 'name', label: 'Name or group', placeholder: 'Finance team' },
        { key: 'role', label: 'Role', placeholder: 'Sponsor, user, approver…' },
        { key: 'interest', label: 'What they care about', grow: 2 },
      ]}
      empty={{ name: '', role: '', interest: '' }}
      emptyText="Who sponsors, approves, uses or is affected by the solution?"
    />
  );
}
