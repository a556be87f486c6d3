// The attendee table's foot (spec section 9): 'Showing {shown} of {total}
// attendees', the rows per page, and the pager (first, last, the current page
// plus or minus one, ellipses between).
import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { RowsPerPage } from '../RowsPerPage';
import { pagerItems } from './attendeeView';
import { ATTENDEE_PAGE_SIZES, AttendeeAdminTexts as T } from './texts';

export interface AttendeePagerProps {
  shown: number;
  total: number;
  pageSize: number;
  onPageSize: (pageSize: number) => void;
  /** The current page (1-based) of `pages`. */
  pageNumber: number;
  pages: number;
  goTo: (page: number) => void;
}

export function AttendeePager({ shown, total, pageSize, onPageSize, pageNumber, pages, goTo }: AttendeePagerProps) {
  return (
    <Group justify="space-between" p="sm" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" data-testid="attendee-count">
        {T.showing(shown, total)}
      </Text>
      <Group gap="sm" wrap="wrap">
        <RowsPerPage id="attendee-page-size" width={80} sizes={ATTENDEE_PAGE_SIZES} value={pageSize} onChange={onPageSize} />
        <Group component="nav" aria-label="Pages" gap={4} wrap="nowrap">
          <ActionIcon variant="default" size="md" aria-label="Previous page" disabled={pageNumber <= 1} onClick={() => goTo(pageNumber - 1)}>
            <IconChevronLeft size={16} />
          </ActionIcon>
          {pagerItems(pageNumber, pages).map((item) =>
            typeof item === 'number' ? (
              <Button
                key={item}
                size="compact-sm"
                miw={32}
                variant={item === pageNumber ? 'filled' : 'default'}
                aria-current={item === pageNumber ? 'page' : undefined}
                aria-label={`Page ${item}`}
                onClick={() => goTo(item)}
              >
                {item}
              </Button>
            ) : (
              <Text key={item} size="sm" c="dimmed" px={2} aria-hidden>
                …
              </Text>
            ),
          )}
          <ActionIcon variant="default" size="md" aria-label="Next page" disabled={pageNumber >= pages} onClick={() => goTo(pageNumber + 1)}>
            <IconChevronRight size={16} />
          </ActionIcon>
        </Group>
      </Group>
    </Group>
  );
}
