import { Alert, Anchor, List, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { FormProblems } from '../formProblems';

/** Brings the field at `path` into view and puts the cursor in it. */
function goToField(path: string): void {
  const field = document.querySelector<HTMLElement>(`[data-path="${CSS.escape(path)}"]`);
  if (!field) return;
  field.scrollIntoView({ behavior: 'smooth', block: 'center' });
  field.focus({ preventScroll: true });
}

/**
 * Beside the form's button, once a press found fields needing attention: every one
 * of them by its own message, each a link to its field. It shrinks as fields are
 * put right and goes when none is left.
 */
export function FormProblemsSummary({ summary }: { summary: FormProblems }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={summary.title} role="alert" data-testid="form-problems">
      {summary.lead && (
        <Text size="sm" mb="xs">
          {summary.lead}
        </Text>
      )}
      <List size="sm" spacing={4} listStyleType="none">
        {summary.problems.map((problem) => (
          <List.Item key={problem.path}>
            <Anchor component="button" type="button" size="sm" c="red.9" td="underline" ta="left" onClick={() => goToField(problem.path)}>
              {problem.text}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
