/** The badge colour of an adoption level (Emerging → Mainstream, cool to warm). */
export function adoptionColor(level: string): string {
  if (level === 'Mainstream') return 'teal';
  if (level === 'Growing') return 'blue';
  if (level === 'Emerging') return 'grape';
  return 'gray';
}
