-- Profile weight and height are kept in kg and cm whatever unit the member reads them in (the
-- profile converts for display only). Before this, they were stored in the unit chosen, so a
-- member reading lbs or ft had those numbers stored: convert them once. A height that would
-- exceed the contract's 400 cm was never a real height and is dropped.
update users
   set demographics = jsonb_set(demographics, '{weight}', to_jsonb((demographics ->> 'weight')::numeric * 0.45359237))
 where preferences #>> '{units,weight}' = 'lbs' and jsonb_typeof(demographics -> 'weight') = 'number';

update users
   set demographics = case
         when (demographics ->> 'height')::numeric * 30.48 <= 400
           then jsonb_set(demographics, '{height}', to_jsonb((demographics ->> 'height')::numeric * 30.48))
         else demographics - 'height'
       end
 where preferences #>> '{units,height}' = 'ft' and jsonb_typeof(demographics -> 'height') = 'number';

-- The "new reports for peptides you follow" notification is gone: nothing can be followed.
update users set preferences = preferences #- '{notifications,newExperiences}'
 where preferences #> '{notifications,newExperiences}' is not null;
