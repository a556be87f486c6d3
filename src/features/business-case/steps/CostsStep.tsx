import { Stack, Text, Title } from '@mantine/core';
import { sumCents, type CaseFields } from '../caseFields';
import type { StepProps } from '../caseFormTypes';
import { FiguresPanel } from '../FiguresPanel';
import { money } from '../formatFigures';
import { ItemList, type ItemColumn } from './ItemList';

const columns: ItemColumn[] = [
  { key: 'label', label: 'Item', placeholder: 'Licences, integration, training…', grow: 2 },
  { key: 'amount', label: 'Amount (AUD)', kind: 'amount' },
];

export function CostsStep({ current, ...props }: StepProps & { current: CaseFields }) {
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={3} size="h5">One-off costs</Title>
        <ItemList {...props} path="one_off_costs" noun="one-off cost" columns={columns} empty={{ label: '', amount: '' }} emptyText="Set-up, build, integration, training: paid once." />
        <Text size="sm">One-off total: <b>{money(sumCents(current.one_off_costs))}</b></Text>
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h5">Yearly running costs</Title>
        <ItemList {...props} path="running_costs" noun="running cost" columns={columns} empty={{ label: '', amount: '' }} emptyText="Licences, hosting, support: paid every year." />
        <Text size="sm">Running costs a year: <b>{money(sumCents(current.running_costs))}</b></Text>
      </Stack>
      <FiguresPanel fields={current} />
    </Stack>
  );
}
