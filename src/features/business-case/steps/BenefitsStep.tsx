import { NumberInput, Stack, Title } from '@mantine/core';
import { ResponsiveGrid } from '@/components/ResponsiveGrid';
import type { CaseFields } from '../caseFields';
import { formWarnings, NUMBER_RULES } from '../caseForm';
import type { StepProps } from '../caseFormTypes';
import { FiguresPanel } from '../FiguresPanel';
import { AmountInput, LongText, PercentInput } from './fieldInputs';

export function BenefitsStep({ form, errors, current }: StepProps & { current: CaseFields }) {
  const warnings = formWarnings(current);
  const input = (path: string) => ({ ...form.getInputProps(path), error: errors[path] ?? warnings[path] });
  return (
    <Stack gap="lg">
      <Title order={3} size="h5">Yearly benefits at full ramp</Title>
      <ResponsiveGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NumberInput
          label="Hours saved a week"
          description="Across everyone affected"
          min={0}
          max={NUMBER_RULES.hours.max}
          decimalScale={2}
          thousandSeparator=","
          clampBehavior="none"
          hideControls
          inputMode="decimal"
          {...input('hours_saved_per_week')}
        />
        <AmountInput label="Hourly rate (AUD)" description="Loaded cost of an hour of that work" max={NUMBER_RULES.hourlyRate.max} {...input('hourly_rate')} />
        <AmountInput label="Extra revenue a year (AUD)" {...input('extra_revenue')} />
        <AmountInput label="Cost avoided a year (AUD)" {...input('cost_avoided')} />
      </ResponsiveGrid>
      <Title order={3} size="h5">Ramp-up: share of the full benefit reached</Title>
      <ResponsiveGrid cols={{ base: 3 }} spacing="sm">
        {[0, 1, 2].map((year) => <PercentInput key={year} label={`Year ${year + 1}`} {...input(`ramp_up.${year}`)} />)}
      </ResponsiveGrid>
      <PercentInput
        label="Discount rate for the NPV"
        description="A yearly rate; 7 % is a common choice, 0 % means no discounting."
        maw={320}
        {...input('discount_rate')}
      />
      <LongText label="Other benefits" description="Benefits that are hard to put a number on: quality, speed, staff experience." {...input('expected_benefits')} />
      <FiguresPanel fields={current} />
    </Stack>
  );
}
