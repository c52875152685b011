// What other modules may use of the business details besides BusinessService: the GST rules, India's
// states and the UPI link (pure parts, each with its own tests in __tests__); how a seller's prices meet GST.
export { GST_RATES, isGstRate, supplyOf, taxLine, taxTotals, type GstRate, type Supply, type TaxAmounts, type TaxLine } from './gst.js';
export { findState, INDIAN_STATES, stateByCode, stateName, type IndianState } from './indian-states.js';
export { qrPath, upiPayUri, type QrPath, type UpiPayment } from './upi.js';
export { gstinProblem } from './gstin.js';
export { readSellerTax, type SellerTax } from './seller-tax.js';
