import { memo, type ReactNode } from 'react';
import { Badge, Button, Divider, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { ResponsiveGrid } from '@/components/ResponsiveGrid';
import { useMediaQuery } from '@mantine/hooks';
import type { AiUseCaseRow } from '@/db';
import { adoptionColor } from './adoptionColor';
import { HighlightedText } from './HighlightedText';
import { BusinessCaseLink } from './BusinessCaseLink';
import { SaveHeart } from './SaveHeart';
import { tagsOf } from './useCaseFields';

interface UseCaseDetailDialogProps {
  useCase: AiUseCaseRow | null;
  terms?: readonly string[];
  owner: string;
  saved: boolean;
  onClose: () => void;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" fw={700} tt="uppercase" c="gray.6">{label}</Text>
      <Text size="sm" component="div">{children || '—'}</Text>
    </Stack>
  );
}

/** Every field of one use case, with the heart, a business case to start from it, and Close. */
export const UseCaseDetailDialog = memo(function UseCaseDetailDialog({ useCase, terms, owner, saved, onClose }: UseCaseDetailDialogProps) {
  const phone = useMediaQuery('(max-width: 767px)');
  const text = (value: string) => <HighlightedText text={value} terms={terms} />;
  return (
    <Modal opened={useCase !== null} onClose={onClose} size="xl" fullScreen={phone} title={useCase ? <Title order={2} size="h3" c="navy.9">{useCase.title}</Title> : null}>
      {useCase && (
        <Stack gap="md">
          <Group gap="xs">
            {useCase.industry && <Badge variant="light" color="navy">{useCase.industry}</Badge>}
            {useCase.adoption_level && <Badge variant="light" color={adoptionColor(useCase.adoption_level)}>{useCase.adoption_level}</Badge>}
          </Group>
          <ResponsiveGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Field label="Industry">{useCase.industry}</Field>
            <Field label="Adoption level">{useCase.adoption_level}</Field>
            <Field label="Domain">{useCase.domain && text(useCase.domain)}</Field>
            <Field label="Business function">{useCase.business_function && text(useCase.business_function)}</Field>
          </ResponsiveGrid>
          <Field label="Description">{useCase.description && text(useCase.description)}</Field>
          <Field label="Problem statement">{useCase.problem_statement && text(useCase.problem_statement)}</Field>
          <Field label="Value proposition">{useCase.value_proposition && text(useCase.value_proposition)}</Field>
          <Field label="Solution summary">{useCase.solution_summary && text(useCase.solution_summary)}</Field>
          <Field label="Challenges and risks">{useCase.challenges_risks}</Field>
          <Divider label="Technical details" labelPosition="left" />
          <ResponsiveGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Field label="AI technique">{useCase.ai_technique && text(useCase.ai_technique)}</Field>
            <Field label="Model type">{useCase.model_type}</Field>
            <Field label="Input data">{useCase.input_data_type}</Field>
            <Field label="Output type">{useCase.output_type}</Field>
          </ResponsiveGrid>
          <Field label="Tags">
            {tagsOf(useCase).length > 0 && (
              <Group gap={6} mt={2}>
                {tagsOf(useCase).map((tag) => (
                  <Badge key={tag} variant="outline" color="gray" tt="none">{tag}</Badge>
                ))}
              </Group>
            )}
          </Field>
          <Group justify="space-between" mt="sm">
            <Group gap="xs">
              <SaveHeart owner={owner} useCase={useCase} saved={saved} />
              <BusinessCaseLink from={{ useCase: useCase.id }} />
            </Group>
            <Button variant="default" onClick={onClose}>Close</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
});
