// The case's figures, worked out live from what is typed, each with its formula.
// The year-by-year table scrolls sideways in its own box on a narrow screen
// (a focusable region named by the table's caption, so a keyboard scrolls it
// too), never clipping Year 3.
import { Box, Card, Stack, Table, Text, Title } from '@mantine/core';
import { ResponsiveGrid } from '@/components/ResponsiveGrid';
import { caseFinancials, sumCents, type CaseFields } from './caseFields';
import { FORMULAS } from './financials';
import { formatPayback, formatRate, formatRoi, money } from './formatFigures';

interface Figure {
  id: string;
  label: string;
  value: string;
  formula: string;
}

export function caseFigures(fields: CaseFields): Figure[] {
  const figures = caseFinancials(fields);
  return [
    { id: 'total-cost', label: 'Total cost (3 years)', value: money(figures.totalCostCents), formula: FORMULAS.totalCost },
    { id: 'yearly-net', label: 'Yearly net benefit (at full ramp)', value: money(figures.yearlyNetCents), formula: FORMULAS.yearlyNet },
    { id: 'roi', label: 'ROI (3 years)', value: formatRoi(figures.roi), formula: FORMULAS.roi },
    { id: 'payback', label: 'Payback period', value: formatPayback(figures.paybackMonths), formula: FORMULAS.payback },
    { id: 'npv', label: `NPV (3 years at ${formatRate(fields.discount_rate_percent)})`, value: money(figures.npvCents), formula: FORMULAS.npv },
  ];
}

export function FiguresPanel({ fields }: { fields: CaseFields }) {
  const figures = caseFinancials(fields);
  const years = [0, 1, 2] as const;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="case-figures" bg="gray.0">
      <Title order={2} size="h4" id="case-figures" mb="sm">
        The figures so far
      </Title>
      <ResponsiveGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {caseFigures(fields).map((figure) => (
          <Stack key={figure.id} gap={2} data-testid={`figure-${figure.id}`}>
            <Text size="sm" c="dimmed">{figure.label}</Text>
            <Text fw={700} size="lg" c="navy.9" data-testid="figure-value">{figure.value}</Text>
            <Text size="xs" c="dimmed">{figure.formula}</Text>
          </Stack>
        ))}
      </ResponsiveGrid>
      <Box
        component="div"
        role="region"
        aria-labelledby="case-years-caption"
        tabIndex={0}
        mt="md"
        data-testid="case-years-scroll"
        style={{ overflowX: 'auto', maxWidth: '100%', WebkitOverflowScrolling: 'touch' }}
      >
        <Table withTableBorder striped fz="sm" horizontalSpacing="xs" miw={420} style={{ whiteSpace: 'nowrap' }}>
          <Table.Caption id="case-years-caption" ta="left" mt={0} mb={4} style={{ captionSide: 'top' }}>
            Year by year, in AUD
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">AUD</Table.Th>
              {years.map((year) => <Table.Th key={year} scope="col" ta="right">Year {year + 1}</Table.Th>)}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row" fw={400}>Ramp-up</Table.Th>
              {years.map((year) => <Table.Td key={year} ta="right">{formatRate(fields.ramp_up_percent[year])}</Table.Td>)}
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row" fw={400}>Benefit</Table.Th>
              {years.map((year) => <Table.Td key={year} ta="right">{money(figures.benefitByYearCents[year])}</Table.Td>)}
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row" fw={400}>Running costs</Table.Th>
              {years.map((year) => <Table.Td key={year} ta="right">{money(sumCents(fields.running_costs))}</Table.Td>)}
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row" fw={400}>Net</Table.Th>
              {years.map((year) => <Table.Td key={year} ta="right" data-testid={`net-year-${year + 1}`}>{money(figures.netByYearCents[year])}</Table.Td>)}
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Box>
      <Text size="xs" c="dimmed" mt="xs">
        {FORMULAS.fullBenefit}. {FORMULAS.rampUp}. One-off costs: {money(sumCents(fields.one_off_costs))}.
      </Text>
    </Card>
  );
}
