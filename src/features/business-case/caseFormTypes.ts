import type { UseFormReturnType } from '@mantine/form';
import type { CaseFormValues } from './caseForm';

/** What every step of the builder gets: the form and the messages of inputs that cannot be saved. */
export interface StepProps {
  form: UseFormReturnType<CaseFormValues>;
  errors: Record<string, string>;
}
