import { Paper, SimpleGrid, Text, type SimpleGridProps } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './portal.module.css';

export interface Detail {
  label: string;
  value: ReactNode;
}

/** Labelled values in a framed grid, as a description list (the person's details, a work's details). */
export function DetailsGrid({ details, cols }: { details: readonly Detail[]; cols: SimpleGridProps['cols'] }) {
  return (
    <Paper withBorder p="md" radius="md">
      <SimpleGrid component="dl" cols={cols} spacing="md" m={0}>
        {details.map((detail) => (
          <div key={detail.label}>
            <Text component="dt" size="sm" c="dimmed">
              {detail.label}
            </Text>
            <Text component="dd" m={0} fw={500} className={classes.value}>
              {detail.value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
