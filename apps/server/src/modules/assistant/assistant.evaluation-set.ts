/**
 * The evaluation set: how people actually ask (Nigerian English, Pidgin, typos of habit), none copied from
 * the knowledge base's own questions, each with the page its answer must offer. assistant.evaluation.test.ts
 * asks every one through the API, prints the score and fails below 85%.
 */
export const EVALUATION_SET: { question: string; destination: string }[] = [
  // Wallet: withdrawing, depositing, limits, balance.
  { question: 'how I go take collect my money', destination: '/app/wallet' },
  { question: 'abeg how I fit comot my money from this app', destination: '/app/wallet' },
  { question: 'I want to cash out to my GTBank account', destination: '/app/wallet' },
  { question: 'how do I send my balance to my bank', destination: '/app/wallet' },
  { question: 'how much una dey charge for withdrawal', destination: '/app/wallet' },
  { question: 'how can I top up my wallet', destination: '/app/wallet' },
  { question: 'I wan put money for my wallet', destination: '/app/wallet' },
  { question: 'what is the maximum I can withdraw in one day', destination: '/app/wallet' },
  { question: 'my withdrawal never enter my account', destination: '/app/wallet' },
  { question: 'is there a limit on how much I can keep in the wallet', destination: '/app/wallet' },
  { question: 'how do I add a bank account for payouts', destination: '/app/wallet' },
  { question: 'how do I load money into my Amana account', destination: '/app/wallet' },
  { question: 'please how do I withdraw my money sharp sharp', destination: '/app/wallet' },
  { question: 'kindly tell me how to fund my account', destination: '/app/wallet' },
  { question: 'what do you charge when I cash out', destination: '/app/wallet' },
  { question: 'how much dey my wallet', destination: '/app/wallet' },
  { question: 'check my balance for me', destination: '/app/wallet' },
  { question: 'why my money dey hold', destination: '/app/wallet' },
  { question: 'why is my cash stuck in escrow', destination: '/app/wallet' },
  // Fees and the calculator.
  { question: 'how much una dey collect per transaction', destination: '/app/escrow-calculator' },
  { question: 'wetin be your charges', destination: '/app/escrow-calculator' },
  { question: 'what percentage do you take from each deal', destination: '/app/escrow-calculator' },
  { question: 'who go pay the escrow fee, buyer or seller?', destination: '/app/escrow-calculator' },
  { question: 'I want to estimate the fee for a 250k laptop', destination: '/app/escrow-calculator' },
  { question: 'is there any hidden charge', destination: '/app/escrow-calculator' },
  { question: 'how much e go cost me to use amana', destination: '/app/escrow-calculator' },
  // Disputes.
  { question: 'the seller don scam me, wetin I go do', destination: '/app/disputes' },
  { question: 'my goods never reach and the seller no dey pick call', destination: '/app/disputes' },
  { question: 'they sent me a fake phone', destination: '/app/disputes' },
  { question: 'how can I complain about a buyer', destination: '/app/disputes' },
  { question: 'the thing I received is not what we agreed', destination: '/app/disputes' },
  { question: 'I want my money back, na wrong item them send', destination: '/app/disputes' },
  { question: 'how long before support settles my case', destination: '/app/disputes' },
  { question: 'can I escalate my dispute to an admin', destination: '/app/disputes' },
  { question: 'the seller refused to send the goods after I paid', destination: '/app/disputes' },
  // Verification.
  { question: 'how do I do my KYC', destination: '/app/verification' },
  { question: 'where do I put my NIN', destination: '/app/verification' },
  { question: 'I want to increase my withdrawal limit', destination: '/app/verification' },
  { question: 'how to upgrade to premium', destination: '/app/verification' },
  { question: 'is it safe to enter my bvn here', destination: '/app/verification' },
  { question: 'can I use my international passport to get verified', destination: '/app/verification' },
  // Starting a trade, buying and selling safely.
  { question: 'how do I start a deal with a buyer on instagram', destination: '/app/create-transaction' },
  { question: 'I am selling my car, how do I use amana', destination: '/app/create-transaction' },
  {
    question: 'how do I make sure the vendor no go run away with my money',
    destination: '/app/create-transaction',
  },
  { question: 'how can I open escrow for my customer', destination: '/app/create-transaction' },
  { question: 'how does this escrow thing work', destination: '/app/create-transaction' },
  {
    question: 'someone on whatsapp asked me to send money to his account directly',
    destination: '/app/create-transaction',
  },
  { question: 'how I go know say the seller no be fraudster', destination: '/app/create-transaction' },
  // Joining.
  { question: 'my buyer sent me a code, where do I enter it', destination: '/app/join-transaction' },
  { question: 'how to accept an invite from a seller', destination: '/app/join-transaction' },
  { question: 'the link wey my customer send me no dey work', destination: '/app/join-transaction' },
  // The steps of a trade.
  {
    question: 'how many days do I have to check the item before the seller gets the money',
    destination: '/app/transactions',
  },
  { question: 'when will the seller get paid automatically', destination: '/app/transactions' },
  { question: 'I want to stop a transaction I created by mistake', destination: '/app/transactions' },
  { question: 'how I go cancel this deal', destination: '/app/transactions' },
  {
    question: 'where do I add the tracking number after sending the goods',
    destination: '/app/transactions',
  },
  { question: 'I have received my phone, how do I tell you', destination: '/app/transactions' },
  { question: 'where do I put my delivery address', destination: '/app/transactions' },
  { question: 'I need more days to test the generator', destination: '/app/transactions' },
  { question: 'can I pay with my debit card', destination: '/app/transactions' },
  // Messages, notifications, profile, vendors.
  { question: 'how do I talk to the seller', destination: '/app/messages' },
  { question: 'where can I see my chats', destination: '/app/messages' },
  { question: 'how do I stop email alerts', destination: '/app/notifications' },
  { question: "I'm not getting any notifications", destination: '/app/notifications' },
  { question: 'I want to set a new password', destination: '/app/profile' },
  { question: 'how to edit my phone number', destination: '/app/profile' },
  { question: 'I forget my login password', destination: '/app/profile' },
  { question: 'where can I find verified sellers of phones', destination: '/app/vendor' },
  { question: 'how do I list my shop on amana', destination: '/app/vendor' },
  { question: 'show me good vendors', destination: '/app/vendor' },
];
