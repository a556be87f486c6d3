import { Stepper } from '@mantine/core';
import classes from './RegistrationStepper.module.css';

export type RegistrationStep = 0 | 1 | 2;

const PAID_STEPS = ['Attendee Details', 'Payment', 'Confirmation'] as const;
const WAITLIST_STEPS = ['Register Interest', 'Confirmation'] as const;

/**
 * Three steps normally, two on the waitlist (which has no payment step): the
 * active step is highlighted and the connectors before it are coloured.
 */
export function RegistrationStepper({ step, waitlist }: { step: RegistrationStep; waitlist: boolean }) {
  const labels = waitlist ? WAITLIST_STEPS : PAID_STEPS;
  const active = waitlist && step === 2 ? 1 : step;
  return (
    <nav aria-label="Registration progress">
      <Stepper active={active} size="sm" my="xl" allowNextStepsSelect={false} color="navy" wrap={false} classNames={classes}>
        {labels.map((label, index) => (
          <Stepper.Step
            key={label}
            label={label}
            aria-current={index === active ? 'step' : undefined}
            data-step-state={index < active ? 'complete' : index === active ? 'active' : 'upcoming'}
          />
        ))}
      </Stepper>
    </nav>
  );
}
