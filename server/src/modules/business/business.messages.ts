import { defineMessages } from '../../common/message.js';

/** What a seller's business details and a buyer's billing details answer, and the labels they insert. */
export const businessMessages = defineMessages('business', {
  pleaseEnterAValidGstin15: { en: 'Please enter a valid GSTIN: 15 characters, like 27AAPFU0939F1ZV', hi: 'कृपया सही GSTIN डालें: 15 अक्षर, जैसे 27AAPFU0939F1ZV' },
  thisGstinHasATypingMistake: { en: 'This GSTIN has a typing mistake: its last character does not match the others', hi: 'इस GSTIN में टाइपिंग की ग़लती है: आख़िरी अक्षर बाकी अक्षरों से मेल नहीं खाता' },
  pleaseChooseTheState: { en: 'Please choose the state', hi: 'कृपया राज्य चुनें' },
  pleaseChooseAStateOfIndia: { en: 'Please choose a state of India', hi: 'कृपया भारत का कोई राज्य चुनें' },
  address: { en: 'address', hi: 'पता' },
  city: { en: 'city', hi: 'शहर' },
  pleaseEnterA6DigitPin: { en: 'Please enter a 6-digit PIN code', hi: 'कृपया 6 अंकों का पिन कोड डालें' },
  accountHolderSName: { en: "account holder's name", hi: 'खाताधारक का नाम' },
  pleaseEnterTheAccountNumber9: { en: 'Please enter the account number: 9 to 18 digits', hi: 'कृपया खाता नंबर डालें: 9 से 18 अंक' },
  pleaseEnterTheIfsc11Characters: { en: 'Please enter the IFSC: 11 characters, like SBIN0001234', hi: 'कृपया IFSC डालें: 11 अक्षर, जैसे SBIN0001234' },
  bankDetailsMustHaveTheAccount: { en: "Bank details must have the account holder's name, the account number and the IFSC", hi: 'बैंक की जानकारी में खाताधारक का नाम, खाता नंबर और IFSC तीनों डालें' },
  legalName: { en: 'legal name', hi: 'क़ानूनी नाम' },
  tradeName: { en: 'trade name', hi: 'दुकान या ब्रांड का नाम' },
  pleaseEnterAUpiIdLike: { en: 'Please enter a UPI ID like shopname@okhdfc', hi: 'कृपया UPI ID डालें, जैसे shopname@okhdfc' },
  theInvoicePrefixMayHaveLetters: { en: 'The invoice prefix may have letters, digits, - and /, at most 10', hi: 'इनवॉइस नंबर के शुरू में अक्षर, अंक, - और / हो सकते हैं, ज़्यादा से ज़्यादा 10' },
  sayWhetherPricesIncludeGstTrue: { en: 'Say whether prices include GST (true or false)', hi: 'बताएँ कि दामों में GST शामिल है या नहीं' },
  theBusinessDetailsMustBeA: { en: 'The business details must be a JSON object', hi: 'कारोबार की जानकारी सही JSON में भेजें' },
  businessName: { en: 'business name', hi: 'कारोबार का नाम' },
  theBillingDetailsMustBeA: { en: 'The billing details must be a JSON object', hi: 'बिलिंग की जानकारी सही JSON में भेजें' },
  enterThe: { en: 'Please enter the {label}', hi: 'कृपया {label} डालें' },
  textTooLong: { en: 'The {label} must be at most {max} characters', hi: '{label} ज़्यादा से ज़्यादा {max} अक्षरों का हो सकता है' },
  mustBeText: { en: 'The {label} must be text', hi: '{label} में शब्द लिखें' },
  gstinOfAnotherState: { en: 'This GSTIN is registered in {a}, not in {b}', hi: 'यह GSTIN {a} में रजिस्टर्ड है, {b} में नहीं' },
});
