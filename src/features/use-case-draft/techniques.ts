// The AI techniques the device's generator knows, each with the words in a
// problem that point to it and the sentences a draft says about it.
import type { AdoptionLevel } from './draftSchema';
import { wordStems } from './closestUseCases';

export interface Technique {
  /** The ai_technique field. */
  label: string;
  /** Leads the title: "Demand Forecasting for …". */
  titleLead: string;
  /** Word stems (see wordStems) in the problem or data that suggest it. */
  cues: string[];
  /** "… to help <function> <purpose>." */
  purpose: string;
  /** "It <action> and delivers …" */
  action: string;
  model: string;
  output: string;
  benefit: string;
  risk: string;
  tags: string[];
  adoption: AdoptionLevel;
}

export const TECHNIQUES: readonly Technique[] = [
  {
    label: 'Time-Series Forecasting',
    titleLead: 'Demand Forecasting',
    cues: ['forecast', 'predict', 'demand', 'trend', 'future', 'season', 'volume', 'peak', 'surge', 'arrival', 'plan', 'budget'],
    purpose: 'see what is coming and plan ahead',
    action: 'forecasts the weeks ahead from past patterns, seasons and known events',
    model: 'Gradient-boosted trees with seasonal and calendar features',
    output: 'Forecasts with confidence ranges',
    benefit: 'Decisions are made ahead of demand rather than after it, with less waste, fewer shortfalls and less overtime',
    risk: 'Forecasts lose accuracy when conditions change suddenly, so people keep the final say and accuracy is reviewed every month.',
    tags: ['forecasting', 'planning'],
    adoption: 'Growing',
  },
  {
    label: 'Computer Vision',
    titleLead: 'Visual Inspection',
    cues: ['image', 'photo', 'camera', 'video', 'visual', 'scan', 'inspect', 'inspection', 'defect', 'picture', 'drone'],
    purpose: 'spot what matters in images without checking every one by hand',
    action: 'examines each image or video frame and flags what needs a person\'s attention',
    model: 'Convolutional neural network fine-tuned on labelled images',
    output: 'Flagged images with the detected items and confidence scores',
    benefit: 'Every item is checked consistently and staff spend their time on the cases that need judgement',
    risk: 'Lighting, camera angles and rare cases the model never saw cause errors; labelled examples must cover them and people review what is flagged.',
    tags: ['computer vision', 'quality'],
    adoption: 'Growing',
  },
  {
    label: 'Large Language Model Summarisation',
    titleLead: 'Document Summarisation',
    cues: ['document', 'report', 'note', 'email', 'text', 'contract', 'summar', 'summary', 'paperwork', 'form', 'write', 'writ', 'draft', 'policy', 'read'],
    purpose: 'get through documents faster and keep the important details',
    action: 'reads the documents, drafts summaries and replies, and cites the source of every statement',
    model: 'Privately hosted large language model with retrieval over your documents',
    output: 'Draft summaries and responses for staff to review',
    benefit: 'Staff spend less time reading and writing routine documents and the important details are found consistently',
    risk: 'A language model can state things that are not in the source, so every draft is reviewed by a person and sensitive documents stay in a private deployment.',
    tags: ['generative ai', 'documents'],
    adoption: 'Emerging',
  },
  {
    label: 'Conversational AI with Retrieval',
    titleLead: 'AI Assistant',
    cues: ['question', 'enquiry', 'enquiri', 'inquiry', 'chat', 'call', 'support', 'answer', 'faq', 'helpdesk', 'ticket', 'customer', 'client', 'service'],
    purpose: 'answer routine questions at once and hand the rest to the right person',
    action: 'answers routine questions from your own knowledge base, with a link to its source, and hands anything uncertain to staff',
    model: 'Large language model grounded in your knowledge base',
    output: 'Sourced answers and hand-overs to staff',
    benefit: 'People get answers at any hour and staff handle fewer repeated questions',
    risk: 'Wrong or outdated answers damage trust, so the knowledge base needs an owner, answers cite their sources and customers can always reach a person.',
    tags: ['conversational ai', 'customer experience'],
    adoption: 'Emerging',
  },
  {
    label: 'Anomaly Detection',
    titleLead: 'Anomaly Detection',
    cues: ['fraud', 'anomal', 'unusual', 'detect', 'error', 'complianc', 'leak', 'fault', 'failure', 'breakdown', 'maintenance', 'risk', 'audit', 'suspicious'],
    purpose: 'catch problems early instead of after the damage is done',
    action: 'learns what normal looks like and raises an alert, with its reasons, when something departs from it',
    model: 'Isolation forest with a gradient-boosted classifier',
    output: 'Risk scores and alerts ranked for review',
    benefit: 'Problems are caught earlier and reviewers spend their time on the cases most likely to matter',
    risk: 'Too many false alarms wear reviewers out and rare problems are easy to miss, so thresholds are tuned with the team and outcomes fed back to the model.',
    tags: ['anomaly detection', 'risk'],
    adoption: 'Growing',
  },
  {
    label: 'Recommendation System',
    titleLead: 'Personalised Recommendations',
    cues: ['recommend', 'personal', 'personalis', 'match', 'offer', 'suggest', 'cross', 'upsell', 'retention', 'churn', 'engagement', 'loyalty'],
    purpose: 'offer each person what is most relevant to them',
    action: 'ranks the most relevant options for each person from their history and people like them',
    model: 'Collaborative filtering with a learning-to-rank model',
    output: 'Ranked recommendations for each customer or case',
    benefit: 'Offers become more relevant, which lifts take-up and loyalty without more effort from staff',
    risk: 'Recommendations can narrow choices or feel intrusive, so people can see why something is suggested and personal data is used only with consent.',
    tags: ['personalisation', 'recommendations'],
    adoption: 'Mainstream',
  },
  {
    label: 'Optimisation with Machine Learning',
    titleLead: 'Schedule Optimisation',
    cues: ['schedul', 'roster', 'route', 'allocat', 'optimi', 'logistic', 'inventory', 'stock', 'delivery', 'shift', 'capacity', 'utilis'],
    purpose: 'make the best use of people, stock and time',
    action: 'predicts the workload and proposes schedules or allocations that meet it within your constraints',
    model: 'Demand model feeding a constraint optimisation solver',
    output: 'Recommended schedules or allocations with their expected cost',
    benefit: 'Resources match the work, cutting idle time, overtime and last-minute changes',
    risk: 'Proposals are only as good as the constraints they were given, so planners review and adjust them and the rules are kept up to date.',
    tags: ['optimisation', 'operations'],
    adoption: 'Growing',
  },
  {
    label: 'Machine Learning Classification',
    titleLead: 'Automated Triage',
    cues: ['classif', 'triage', 'categor', 'sort', 'prioriti', 'priority', 'assess', 'approv', 'screen', 'eligib', 'decision', 'manual', 'slow', 'backlog'],
    purpose: 'sort and prioritise work quickly and consistently',
    action: 'sorts each new case into a category and priority, showing the reasons behind each one',
    model: 'Gradient-boosted classifier with explainable features',
    output: 'Categories or priority scores with the reasons behind them',
    benefit: 'Work reaches the right person sooner and decisions are more consistent',
    risk: 'A model trained on past decisions can repeat their biases, so results are checked for fairness and people decide the cases that matter most.',
    tags: ['classification', 'automation'],
    adoption: 'Mainstream',
  },
];

/** The fallback when nothing in the problem or the library points elsewhere. */
export const DEFAULT_TECHNIQUE = TECHNIQUES[TECHNIQUES.length - 1] as Technique;

/** The technique whose cues the problem (and, less, the data) mentions most; null when none. */
export function techniqueFor(problem: string, dataAvailable: string): Technique | null {
  const problemWords = wordStems(problem);
  const dataWords = wordStems(dataAvailable);
  const hits = (cue: string, words: string[]) => words.filter((word) => word === cue || (cue.length >= 5 && word.includes(cue))).length;
  let best: Technique | null = null;
  let bestScore = 0;
  for (const technique of TECHNIQUES) {
    const score = technique.cues.reduce((sum, cue) => sum + 2 * hits(cue, problemWords) + hits(cue, dataWords), 0);
    if (score > bestScore) {
      best = technique;
      bestScore = score;
    }
  }
  return best;
}
