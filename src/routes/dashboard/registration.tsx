import { createFileRoute } from '@tanstack/react-router';
import { attendeeSchema } from '@/features/registration/attendeeSchema';
import { MyRegistrationPage, type MyRegistrationSchemas } from '@/features/my-registration/MyRegistrationPage';

// The registration form's own rules, for the fields an attendee may change and the colleague they name.
const schemas: MyRegistrationSchemas = {
  details: attendeeSchema.pick({ phoneNumber: true, dietaryRequirements: true }),
  colleague: attendeeSchema.pick({ fullName: true, email: true, company: true, jobTitle: true }),
};

export const Route = createFileRoute('/dashboard/registration')({
  component: () => <MyRegistrationPage schemas={schemas} />,
});
