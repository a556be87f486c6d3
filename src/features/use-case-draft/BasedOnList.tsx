// The library cases a draft was based on (the model's examples) or is listed
// beside (the template's closest cases), each opening to what it says.
import { Accordion, Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { AiUseCaseRow } from '@/db';
import type { BasedOnCase } from './draftSchema';

export function BasedOnList({ basedOn, library, heading = 'Based on' }: { basedOn: BasedOnCase[]; library: readonly AiUseCaseRow[]; heading?: string }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="based-on">
      <Title order={3} size="h5" id="based-on">
        {heading}
      </Title>
      {basedOn.length === 0 ? (
        <Text size="sm" c="dimmed">
          {library.length === 0
            ? 'The use case library is not on this device yet, so no similar cases are shown.'
            : 'No use case in the library is close to this one.'}
        </Text>
      ) : (
        <Accordion variant="separated" radius="md" chevronPosition="left">
          {basedOn.map((picked) => {
            const row = library.find((candidate) => candidate.id === picked.id);
            return (
              <Accordion.Item key={picked.id} value={picked.id}>
                <Accordion.Control>
                  <Group gap="xs" wrap="wrap">
                    <Text fw={600} size="sm">
                      {picked.title}
                    </Text>
                    {row?.industry && (
                      <Badge variant="light" color="navy" size="sm">
                        {row.industry}
                      </Badge>
                    )}
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  {row ? (
                    <Stack gap={6}>
                      <Text size="sm">{row.description}</Text>
                      {row.value_proposition && (
                        <Text size="sm" c="dimmed">
                          Value: {row.value_proposition}
                        </Text>
                      )}
                      {row.ai_technique && (
                        <Text size="sm" c="dimmed">
                          AI technique: {row.ai_technique}
                        </Text>
                      )}
                    </Stack>
                  ) : (
                    <Text size="sm" c="dimmed">
                      This use case is no longer in the library.
                    </Text>
                  )}
                </Accordion.Panel>
              </Accordion.Item>
            );
          })}
        </Accordion>
      )}
    </Stack>
  );
}
