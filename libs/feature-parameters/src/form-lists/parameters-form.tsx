import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface FormHeadingProps {
  title: string;
  /** What the form writes, under the title. */
  intro: string;
  /** The intro's widest line, on a form wider than its text should run. */
  introMaxW?: string;
}

/** The title and intro a specialised parameters form opens with. */
export function FormHeading({ title, intro, introMaxW }: FormHeadingProps) {
  return (
    <>
      <Heading as="h2" size="md">
        {title}
      </Heading>
      <Text fontSize="sm" color="fg.muted" maxW={introMaxW}>
        {intro}
      </Text>
    </>
  );
}

export interface ParametersFormProps {
  /** The form's accessible name, its title. */
  label: string;
  /** Checks the fields and saves; the browser neither validates nor reloads. */
  onSubmit: () => Promise<void>;
  children: ReactNode;
}

/**
 * A specialised parameters form. noValidate: its required selects and lists mark their inputs
 * `required`, and the form says what is missing itself, in the reader's language, not the browser.
 */
export function ParametersForm({ label, onSubmit, children }: ParametersFormProps) {
  return (
    <Stack asChild gap="4">
      <form
        aria-label={label}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
      >
        {children}
      </form>
    </Stack>
  );
}
