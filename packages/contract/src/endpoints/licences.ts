// The licences calls. Filled as the licences routes move onto the endpoint table.
export {};
