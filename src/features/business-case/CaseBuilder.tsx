// The guided builder: one step at a time, autosaved, then the summary. Any
// step is one tap away at every width: the stepper from 768 px up, below it a
// row of numbered step buttons (the current one filled and marked as current),
// each as free to jump to as the stepper's steps are.
import { Button, Group, Stack, Stepper, Text, Title, UnstyledButton } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconCloudCheck, IconFileText } from '@tabler/icons-react';
import type { BusinessCaseRow } from '@/db';
import { CASE_STEPS, SUMMARY_STEP } from './caseSteps';
import { CaseSummary } from './CaseSummary';
import { DeleteCaseButton } from './DeleteCaseButton';
import classes from './CaseSummary.module.css';
import { BenefitsStep } from './steps/BenefitsStep';
import { CostsStep } from './steps/CostsStep';
import { ProblemStep } from './steps/ProblemStep';
import { RisksStep } from './steps/RisksStep';
import { SolutionStep } from './steps/SolutionStep';
import { StakeholdersStep } from './steps/StakeholdersStep';
import { TimelineStep } from './steps/TimelineStep';
import { useCaseAutosave, type SaveState } from './useCaseAutosave';

interface CaseBuilderProps {
  row: BusinessCaseRow;
  owner: string;
  step: number;
  onStep: (step: number) => void;
  onClose: () => void;
  /** False for a new case that is stored on its first real input. */
  stored?: boolean;
  /** Called once a new case has been stored. */
  onCreated?: () => void;
}

const SAVE_TEXT: Record<SaveState, string> = {
  unsaved: 'Saved on this device as soon as you type',
  saved: 'Saved on this device',
  waiting: 'Saving…',
  failed: 'Not saved: this device could not store it',
};

/** Below 768 px: every step as a numbered button on one row, the current one filled; one tap jumps to any. */
function CompactSteps({ step, onStep }: { step: number; onStep: (step: number) => void }) {
  return (
    <nav aria-label="Steps" className={classes.compactSteps}>
      <ol className={classes.compactStepList}>
        {CASE_STEPS.map((item, index) => (
          <li key={item.label}>
            <UnstyledButton
              className={classes.compactStep}
              data-current={index === step || undefined}
              data-done={index < step || undefined}
              aria-current={index === step ? 'step' : undefined}
              aria-label={`Step ${index + 1}: ${item.label}`}
              onClick={() => onStep(index)}
            >
              {index + 1}
            </UnstyledButton>
          </li>
        ))}
      </ol>
      <Text size="xs" c="dimmed" ta="center" aria-hidden>
        {CASE_STEPS[step]?.label}
      </Text>
    </nav>
  );
}

export function CaseBuilder({ row, owner, step, onStep, onClose, stored = true, onCreated }: CaseBuilderProps) {
  const { form, errors, current, saveState, saveNow, stored: isStored, discard } = useCaseAutosave(row, owner, { stored, onCreated });
  const go = (next: number) => {
    void saveNow();
    onStep(next);
    window.scrollTo({ top: 0 });
  };
  const props = { form, errors };
  const stepBody = [
    <ProblemStep key="problem" {...props} />,
    <SolutionStep key="solution" {...props} owner={owner} />,
    <StakeholdersStep key="stakeholders" {...props} />,
    <CostsStep key="costs" {...props} current={current} />,
    <BenefitsStep key="benefits" {...props} current={current} />,
    <RisksStep key="risks" {...props} />,
    <TimelineStep key="timeline" {...props} />,
  ];
  const problems = Object.keys(errors).length;

  return (
    <Stack gap="md" maw={960} mx="auto">
      <Group justify="space-between" gap="xs" className={classes.noPrint}>
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onClose} px={4}>
          All business cases
        </Button>
        <Group gap="xs">
          <Group gap={6} c={saveState === 'failed' ? 'red.7' : 'dimmed'} role="status" data-testid="case-save-state">
            <IconCloudCheck size={16} />
            <Text size="sm">{problems > 0 ? `${SAVE_TEXT[saveState]} · fix the highlighted fields to save them` : SAVE_TEXT[saveState]}</Text>
          </Group>
          {isStored && <DeleteCaseButton caseId={row.id} title={current.title || row.title} onDeleting={discard} onDeleted={onClose} />}
        </Group>
      </Group>
      {step === SUMMARY_STEP ? (
        <CaseSummary fields={current} onEdit={() => go(0)} />
      ) : (
        <>
          <CompactSteps step={step} onStep={go} />
          <Stepper visibleFrom="sm" active={step} onStepClick={go} size="xs" iconSize={28} allowNextStepsSelect>
            {CASE_STEPS.map((item) => (
              <Stepper.Step key={item.label} label={<Text size="xs" visibleFrom="md">{item.label}</Text>} aria-label={item.title} />
            ))}
          </Stepper>
          <div>
            <Text size="sm" c="dimmed">Step {step + 1} of {CASE_STEPS.length} · {current.title}</Text>
            <Title order={1} size="h2" c="navy.9">{CASE_STEPS[step]?.title}</Title>
          </div>
          {stepBody[step]}
          <Group justify="space-between" mt="md">
            <Button variant="default" leftSection={<IconArrowLeft size={16} />} disabled={step === 0} onClick={() => go(step - 1)}>
              Back
            </Button>
            {step < SUMMARY_STEP - 1 ? (
              <Button rightSection={<IconArrowRight size={16} />} onClick={() => go(step + 1)}>Next</Button>
            ) : (
              <Button color="amber" c="navy.9" leftSection={<IconFileText size={16} />} onClick={() => go(SUMMARY_STEP)}>View summary</Button>
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}
