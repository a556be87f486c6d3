import { Group, Radio, Stack, Text } from '@mantine/core';
import { ResponsiveGrid } from '@/components/ResponsiveGrid';
import { ANSWER_SCALE, type ReadinessQuestion } from './framework';

interface QuestionFieldProps {
  question: ReadinessQuestion;
  number: number;
  answer: number | undefined;
  /** Shown under the question, e.g. that it still needs an answer. */
  error?: string;
  onAnswer: (answer: number) => void;
}

/** One 5-point question with its "what this means" hint; each answer is a card, 1 = Not at all … 5 = Fully. */
export function QuestionField({ question, number, answer, error, onAnswer }: QuestionFieldProps) {
  return (
    <Radio.Group
      value={answer === undefined ? '' : String(answer)}
      onChange={(value) => onAnswer(Number(value))}
      label={`${number}. ${question.text}`}
      description={`What this means: ${question.hint}`}
      error={error}
      styles={{ label: { fontWeight: 600, marginBottom: 4 }, description: { marginBottom: 8 } }}
      data-testid={`question-${question.id}`}
    >
      <ResponsiveGrid cols={5} spacing={6}>
        {ANSWER_SCALE.map((option) => (
          <Radio.Card key={option.value} value={String(option.value)} radius="md" p={6} aria-label={`${option.value} ${option.label}`}>
            <Stack gap={2} align="center">
              <Group gap={6} wrap="nowrap">
                <Radio.Indicator size="xs" />
                <Text fw={700} size="sm">
                  {option.value}
                </Text>
              </Group>
              <Text size="xs" c="dimmed" ta="center" lh={1.2}>
                {option.label}
              </Text>
            </Stack>
          </Radio.Card>
        ))}
      </ResponsiveGrid>
    </Radio.Group>
  );
}
