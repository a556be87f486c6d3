import { useEffect, useState } from 'react';
import { Alert, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconArrowRight, IconCloudCheck } from '@tabler/icons-react';
import { db, type ReadinessAssessmentRow } from '@/db';
import { DIMENSIONS, QUESTION_COUNT } from './framework';
import { QuestionField } from './QuestionField';
import { describeSaveError } from './describeSaveError';
import type { ReadinessSearch } from './readinessSearch';
import { completeAssessment, saveAnswer } from './saveAssessment';
import { answeredCount, readAnswers, type Answers } from './scoring';

interface QuestionnaireProps {
  assessment: ReadinessAssessmentRow;
  /** 1-based; absent: the first step with a question left. */
  step: number | undefined;
  onNavigate: (search: ReadinessSearch, options?: { replace?: boolean }) => void;
}

/** The first step with a question left; undefined when every question is answered. */
const firstOpenStep = (answers: Answers): number | undefined => {
  const index = DIMENSIONS.findIndex((dimension) => answeredCount(answers, dimension) < dimension.questions.length);
  return index < 0 ? undefined : index + 1;
};

/** The questionnaire, one step per dimension; every answer is saved on the device at once. */
export function Questionnaire({ assessment, step, onNavigate }: QuestionnaireProps) {
  const id = assessment.id;
  // The answer just chosen shows at once, before the device's copy reports it back.
  const [chosen, setChosen] = useState<Answers>({});
  // Messages belong to the step they were shown on.
  const [missingShownOn, setMissingShownOn] = useState<number | null>(null);
  const [problemOn, setProblemOn] = useState<{ step: number; message: string } | null>(null);
  const [finishing, setFinishing] = useState(false);
  // Answers chosen whose write to the device has not finished yet.
  const [saving, setSaving] = useState(0);
  const answers = { ...readAnswers(assessment.answers), ...chosen };

  const current = Math.min(step ?? firstOpenStep(answers) ?? DIMENSIONS.length, DIMENSIONS.length);
  const dimension = DIMENSIONS[current - 1]!;
  const isLast = current === DIMENSIONS.length;
  const answered = answeredCount(answers);
  const missingHere = dimension.questions.filter((question) => answers[question.id] === undefined).length;
  const showMissing = missingShownOn === current;
  const problem = problemOn?.step === current ? problemOn.message : null;
  const setProblem = (message: string | null) => setProblemOn(message === null ? null : { step: current, message });

  useEffect(() => {
    // Arriving without a step (Start Assessment, a resumed assessment): put the step in the address.
    if (step === undefined) onNavigate({ view: 'assessment', id, step: current }, { replace: true });
  }, [step, current, id, onNavigate]);

  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [current]);

  const answer = (questionId: string, value: number) => {
    setChosen((before) => ({ ...before, [questionId]: value }));
    setProblem(null);
    setSaving((count) => count + 1);
    saveAnswer(db, id, questionId, value)
      .catch((error: unknown) => {
        setChosen((before) => Object.fromEntries(Object.entries(before).filter(([question]) => question !== questionId)));
        setProblem(`Your answer was not saved: ${describeSaveError(error)}`);
      })
      .finally(() => setSaving((count) => count - 1));
  };

  const next = async () => {
    if (missingHere > 0) {
      setMissingShownOn(current);
      return;
    }
    if (!isLast) {
      onNavigate({ view: 'assessment', id, step: current + 1 });
      return;
    }
    if (firstOpenStep(answers) !== undefined) {
      setProblem(`Some questions are not answered yet: ${DIMENSIONS.filter((d) => answeredCount(answers, d) < d.questions.length).map((d) => d.name).join(', ')}.`);
      return;
    }
    setFinishing(true);
    try {
      await completeAssessment(db, id);
      onNavigate({ view: 'results', id });
    } catch (error) {
      setProblem(`Your results could not be saved: ${describeSaveError(error)}`);
    } finally {
      setFinishing(false);
    }
  };

  const earlierOpen = firstOpenStep(answers);
  return (
    <Stack gap="lg" maw={800} mx="auto">
      <Stack gap={6}>
        <Title order={1} size="h2" c="navy.9">
          AI Readiness Assessment
        </Title>
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600}>
            Step {current} of {DIMENSIONS.length}: {dimension.name}
          </Text>
          <Text size="sm" c="dimmed" data-testid="readiness-answered">
            {answered} of {QUESTION_COUNT} answered
          </Text>
        </Group>
        <Progress value={(answered / QUESTION_COUNT) * 100} color="teal" size="lg" radius="xl" aria-label={`${answered} of ${QUESTION_COUNT} questions answered`} />
        <Group gap={6} c="dimmed" wrap="nowrap">
          <IconCloudCheck size={16} />
          <Text size="xs" data-testid="readiness-saved">
            {saving > 0 ? 'Saving your answer…' : 'Each answer is saved on this device as you go; you can leave and continue later.'}
          </Text>
        </Group>
      </Stack>

      <Card withBorder radius="md" padding="lg">
        <Stack gap="xl">
          <div>
            <Title order={2} size="h3" c="navy.9">
              {dimension.name}
            </Title>
            <Text c="dimmed" size="sm">
              {dimension.description} How true is each statement for your organisation today?
            </Text>
          </div>
          {dimension.questions.map((question, index) => (
            <QuestionField
              key={question.id}
              question={question}
              number={index + 1}
              answer={answers[question.id]}
              error={showMissing && answers[question.id] === undefined ? 'Choose an answer to continue.' : undefined}
              onAnswer={(value) => answer(question.id, value)}
            />
          ))}
        </Stack>
      </Card>

      {showMissing && missingHere > 0 && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          Answer every question in this step to continue ({missingHere} left).
        </Alert>
      )}
      {problem && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{problem}</Text>
            {isLast && earlierOpen !== undefined && earlierOpen < DIMENSIONS.length && (
              <Button size="xs" variant="light" color="red" onClick={() => onNavigate({ view: 'assessment', id, step: earlierOpen })}>
                Go to {DIMENSIONS[earlierOpen - 1]!.name}
              </Button>
            )}
          </Stack>
        </Alert>
      )}

      <Group justify="space-between">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
          onClick={() => onNavigate(current > 1 ? { view: 'assessment', id, step: current - 1 } : {})}
        >
          {current > 1 ? 'Back' : 'Introduction'}
        </Button>
        <Button color="amber" c="navy.9" rightSection={isLast ? undefined : <IconArrowRight size={16} />} loading={finishing} onClick={() => void next()}>
          {isLast ? 'See my results' : 'Next'}
        </Button>
      </Group>
    </Stack>
  );
}
