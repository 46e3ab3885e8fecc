import { msg } from '@escrow/shared/i18n/msg';
import { answerWith, type KnowledgeEntry } from './assistant.knowledge-types.ts';

/** Safety, messages, notifications, profile, vendors and help. */
export const APP_KNOWLEDGE: KnowledgeEntry[] = [
  {
    id: 'scam-avoid',
    topic: 'create',
    questions: ['How do I avoid scams?', 'How do I know a seller is genuine?'],
    keywords: 'scam scams scammer fraud fraudster fake genuine legit trust avoid safe safety',
    answer: answerWith(
      msg(
        'Always pay through an Amana transaction, never directly to a bank account someone gives you in chat: your money is only protected in escrow. Check the other party’s verification level, keep the conversation in Amana messages, and confirm receipt only after you have checked the item.',
      ),
    ),
    suggestions: [msg('How do I buy safely online?'), msg('Someone asked me to pay outside Amana')],
  },
  {
    id: 'pay-outside',
    topic: 'create',
    questions: ['Someone asked me to pay outside Amana'],
    keywords: 'outside directly direct account number off platform pay send transfer personal',
    answer: answerWith(
      msg(
        'Do not pay outside Amana: money sent directly to someone is not protected and cannot be refunded through a dispute. Messages that share a bank account number or ask for a direct payment are marked with a warning. Ask them to create or join an Amana transaction instead.',
      ),
    ),
    suggestions: [msg('How do I avoid scams?'), msg('How do I create a transaction?')],
  },
  {
    id: 'account-security',
    topic: 'profile',
    questions: ['Someone else is using my account', 'How do I keep my account secure?'],
    keywords: 'hacked account security secure stolen login someone else protect',
    answer: answerWith(
      msg(
        'Change your password from your profile at once: this signs you out everywhere else. Never share your password or a reset link. If money moved that you did not expect, write to {supportEmail}.',
      ),
    ),
    suggestions: [msg('How do I change my password?')],
  },
  {
    id: 'chat',
    topic: 'messages',
    questions: ['How do I chat with the other party?', 'Where are my messages?'],
    keywords: 'chat message messages talk contact conversation write send text counterparty',
    answer: answerWith(
      msg(
        'Each transaction has its own conversation, opened when the other party joins. Open Messages (or Chat on the transaction) to write, see when your message is read and send photos or files of up to {chatFileSize}.',
      ),
    ),
    suggestions: [msg('How do I avoid scams?'), msg('How do I manage my notifications?')],
  },
  {
    id: 'chat-search',
    topic: 'messages',
    questions: ['How do I find an old message?'],
    keywords: 'search find old message history conversation filter',
    answer: answerWith(
      msg(
        'On the Messages page use Search: type at least 2 characters, and filter by type, date or files. Choosing a result opens its conversation at that message.',
      ),
    ),
    suggestions: [msg('How do I chat with the other party?')],
  },
  {
    id: 'notifications',
    topic: 'notifications',
    questions: ['How do I manage my notifications?', 'Why am I not getting alerts?'],
    keywords: 'notification notifications alert alerts notify email settings mute bell',
    answer: answerWith(
      msg(
        'Open Notifications to see every update, and its Settings tab to switch each category on or off: transaction updates, payment alerts, messages, shipping updates and system alerts. Dispute notices and release deadlines always reach you.',
      ),
    ),
    suggestions: [msg('How do I chat with the other party?')],
  },
  {
    id: 'profile',
    topic: 'profile',
    questions: ['How do I update my profile?', 'How do I change my name or phone number?'],
    keywords: 'profile update edit change name phone email details picture photo account',
    answer: answerWith(
      msg(
        'Open your profile to change your name, phone number, e-mail (your current password is needed) and profile picture (an image of up to {photoSize}).',
      ),
    ),
    suggestions: [msg('How do I change my password?'), msg('How do I verify my identity?')],
  },
  {
    id: 'password',
    topic: 'profile',
    questions: ['How do I change my password?', 'I forgot my password'],
    keywords: 'password change reset forgot forgotten login sign in',
    answer: answerWith(
      msg(
        'To change it, open your profile, enter your current password and a new one of at least 8 characters. If you forgot it, choose Forgot password on the sign-in page and follow the link we e-mail you.',
      ),
    ),
    suggestions: [msg('How do I keep my account secure?')],
  },
  {
    id: 'vendors',
    topic: 'vendors',
    questions: ['Where can I find trusted sellers?', 'How do I list my business as a vendor?'],
    keywords: 'vendor vendors directory sellers shop store business list find trusted rating reviews',
    answer: answerWith(
      msg(
        'The vendor directory lists sellers with their completed orders, ratings and verification. Search by name or specialty, save vendors you like and contact one to start a transaction with them. To appear there yourself, publish your business profile from the vendor page.',
      ),
    ),
    suggestions: [msg('How do I buy safely online?'), msg('How do I create a transaction?')],
  },
  {
    id: 'my-transactions',
    topic: 'transactions',
    questions: ['Where can I see all my transactions?'],
    keywords: 'transactions list history orders trades deals all see',
    answer: answerWith(
      msg(
        'My Transactions lists every trade you are part of, newest first, with its status and next step. Search by description, the other party’s name or the reference, and filter by status or role.',
      ),
    ),
    suggestions: [msg('Where is my order with the seller?'), msg('What is my balance?')],
  },
  {
    id: 'support',
    topic: null,
    questions: ['How do I contact support?', 'Check our help center'],
    keywords: 'support contact help customer care agent human centre center phone email',
    answer: answerWith(
      msg(
        'Write to our support team at {supportEmail}. For a problem with a paid transaction, raising a dispute on it is the fastest way: our team reviews disputes in order.',
      ),
    ),
    suggestions: [msg('How do I resolve a dispute?'), msg('What are the fees?')],
  },
  {
    id: 'greeting',
    topic: null,
    questions: ['Hello', 'Good morning'],
    keywords: 'hi hello hey morning afternoon evening greetings',
    answer: answerWith(
      msg(
        'Hello! I can answer questions about fees, payments, disputes, verification, your wallet and your transactions.',
      ),
    ),
    suggestions: [
      msg('How do I create a transaction?'),
      msg('What are the fees?'),
      msg('What is my balance?'),
    ],
  },
  {
    id: 'thanks',
    topic: null,
    questions: ['Thank you'],
    keywords: 'thanks thank appreciate great ok okay',
    answer: answerWith(msg('You’re welcome! Is there anything else I can help you with?')),
    suggestions: [msg('How do I withdraw funds?'), msg('How do I resolve a dispute?')],
  },
];
