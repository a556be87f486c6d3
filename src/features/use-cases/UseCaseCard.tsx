import { memo } from 'react';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { AiUseCaseRow } from '@/db';
import { adoptionColor } from './adoptionColor';
import { HighlightedText } from './HighlightedText';
import { SaveHeart } from './SaveHeart';

interface UseCaseCardProps {
  useCase: AiUseCaseRow;
  terms?: readonly string[];
  owner: string;
  saved: boolean;
  onOpen: (useCase: AiUseCaseRow) => void;
}

const sameWords = (a?: readonly string[], b?: readonly string[]) =>
  a === b || (a !== undefined && b !== undefined && a.length === b.length && a.every((word, index) => word === b[index]));

/**
 * A card renders again only when what it shows changes. Each search answers
 * new lists of matched words, so those are compared by their words: typing on
 * through a word mostly leaves the first cards as they were.
 */
const sameCard = (before: UseCaseCardProps, after: UseCaseCardProps) =>
  before.useCase === after.useCase && before.owner === after.owner && before.saved === after.saved
  && before.onOpen === after.onOpen && sameWords(before.terms, after.terms);

/** One library card: industry, adoption level, title, description, AI technique, View Details. */
export const UseCaseCard = memo(function UseCaseCard({ useCase, terms, owner, saved, onOpen }: UseCaseCardProps) {
  const titleId = `use-case-${useCase.id}-title`;
  return (
    <Card component="article" aria-labelledby={titleId} withBorder radius="md" padding="md" h="100%">
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Group gap={6}>
            {useCase.industry && <Badge variant="light" color="navy">{useCase.industry}</Badge>}
            {useCase.adoption_level && <Badge variant="light" color={adoptionColor(useCase.adoption_level)}>{useCase.adoption_level}</Badge>}
          </Group>
          <SaveHeart owner={owner} useCase={useCase} saved={saved} />
        </Group>
        <Title order={2} size="h4" c="navy.9" id={titleId}>
          <HighlightedText text={useCase.title} terms={terms} />
        </Title>
        <Text size="sm" c="gray.7" lineClamp={4}>
          <HighlightedText text={useCase.description} terms={terms} />
        </Text>
        {useCase.ai_technique && (
          <Text size="sm" mt="auto">
            <Text span fw={600}>AI technique: </Text>
            <HighlightedText text={useCase.ai_technique} terms={terms} />
          </Text>
        )}
        <Button variant="light" color="navy" onClick={() => onOpen(useCase)} aria-label={`View Details: ${useCase.title}`}>
          View Details
        </Button>
      </Stack>
    </Card>
  );
}, sameCard);
