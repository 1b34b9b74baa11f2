/** The staff endpoint table, `staffApi` of `@fleetdeck/contract/staff`: each area file declares its own. */
export { login, verifyOtp, changePassword, detail, logout, logoutPost } from './account.ts';
export { auditList, resetDeletedDeviceDate } from './audit-logs.ts';
export { bloatwareList, bloatwareUpdate } from './bloatware.ts';
export { blogCreate, blogUpdate, blogList, blogDetail, blogDelete } from './blogs.ts';
export { contactUsList } from './contact-us.ts';
export { coupons, couponCreate, couponUpdate, saveSetting } from './coupons.ts';
export {
  paymentDetail,
  paymentRefund,
  resellerApprove,
  offlinePaymentCreate,
  subscriptionDetail,
  subscriptionUpdate,
  deviceByProduct,
  deleteDevice,
} from './customer-payments.ts';
export {
  customerList,
  customerCreate,
  customerUpdate,
  customerSendResetLink,
  customerDisable,
  customerDetail,
} from './customers.ts';
export { loginDashboard, monthWiseLogin, weekWiseLogin, loginHistory } from './dashboard.ts';
export { deviceList } from './devices.ts';
export { customerExports } from './exports.ts';
export { faqCreate, faqList, faqDetail, faqUpdate } from './faq.ts';
export { bypassLogin, usersBypassLogin } from './login-as.ts';
export { newsletterList } from './newsletters.ts';
export {
  notificationDevices,
  notificationCustomerSearch,
  notificationPreview,
  notificationSend,
  notificationList,
  notificationDetail,
} from './notifications.ts';
export { pageViewReport } from './page-views.ts';
export { paymentDashboard } from './payment-dashboard.ts';
export { paymentErrors } from './payment-errors.ts';
export {
  paymentHistory,
  paymentInvoice,
  paymentCreditNote,
  failedPaymentEmail,
  updateWhatsappCount,
} from './payment-history.ts';
export { powerChatUsers } from './power-chat-users.ts';
export {
  priceList,
  priceDetail,
  priceUpdate,
  priceSubscribers,
  priceSync,
  appVersionGet,
  appVersionUpdate,
  currencyAdd,
  currencyUpdate,
  currencyList,
  currencyDelete,
  countryLookup,
  currencySync,
  apkUpload,
  apkList,
} from './pricing.ts';
export { staffList, staffCreate, staffUpdate } from './staff.ts';
export { upcomingExpireHistory } from './upcoming-expire.ts';
export { videoCreate, videoList, videoDelete } from './videos.ts';
