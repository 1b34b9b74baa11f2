// The activity calls. Filled as the activity routes move onto the endpoint table.
export {};
