// The builder's inputs, with the limits the server applies.
import { NumberInput, Textarea, type NumberInputProps } from '@mantine/core';
import { CASE_LIMITS } from '../caseFields';
import { NUMBER_RULES } from '../caseForm';

/** An amount in dollars (stored as cents); out-of-range input gets a message instead of being changed. */
export function AmountInput(props: NumberInputProps) {
  return (
    <NumberInput
      prefix="$"
      thousandSeparator=","
      decimalScale={2}
      min={0}
      max={NUMBER_RULES.amount.max}
      clampBehavior="none"
      hideControls
      inputMode="decimal"
      {...props}
    />
  );
}

export function PercentInput(props: NumberInputProps) {
  return <NumberInput suffix=" %" decimalScale={2} min={0} max={CASE_LIMITS.percentMax} clampBehavior="none" hideControls inputMode="decimal" {...props} />;
}

export function LongText(props: React.ComponentProps<typeof Textarea>) {
  return <Textarea autosize minRows={3} maxRows={12} maxLength={CASE_LIMITS.textMax} {...props} />;
}
