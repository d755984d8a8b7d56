SELECT COUNT(*) FROM customers WHERE city = 'Dublin'	shop
SELECT name FROM products WHERE category = 'music'	shop
SELECT COUNT(*) FROM customers WHERE age > 55	shop
SELECT price FROM products WHERE name = 'Green tool 23'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green music 21'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Leeds'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'toys' AND T1.year = 2021	shop
SELECT name FROM products WHERE category = 'kitchen' ORDER BY price DESC LIMIT 1	shop
SELECT T2.city FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'games' GROUP BY T2.city ORDER BY COUNT(*) DESC LIMIT 1	shop
SELECT AVG(T3.price) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T2.city = 'Vienna'	shop
SELECT COUNT(*) FROM students WHERE city = 'Ghent'	school
SELECT title FROM courses WHERE department = 'art'	school
SELECT COUNT(*) FROM students WHERE grade = 7	school
SELECT credits FROM courses WHERE title = 'Intro to history'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in history'	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'biology' AND T1.year = 2023	school
SELECT T3.name FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id INNER JOIN students AS T3 ON T1.student_id = T3.student_id WHERE T2.title = 'Seminar in chemistry' ORDER BY T1.score DESC LIMIT 1	school
SELECT COUNT(*) FROM books WHERE genre = 'poetry'	library
SELECT COUNT(*) FROM books WHERE published > 1980	library
SELECT name FROM authors WHERE country = 'Egypt'	library
SELECT pages FROM books WHERE title = 'The Bridge 20'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Turin' AND year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 50'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'science' AND T1.branch_city = 'Basel'	library
SELECT COUNT(*) FROM customers WHERE city = 'Valencia' AND age > 30	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Porto' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast kitchen 44' AND T1.year = 2022	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'music' AND T2.city = 'Oslo'	shop
SELECT COUNT(*) FROM students WHERE city = 'Lyon' AND grade = 2	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to physics' AND T1.year = 2019	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'history' AND T1.year = 2019	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 79' AND T1.year = 2019	library
SELECT COUNT(*) FROM books WHERE genre = 'travel' AND published > 2005	library
SELECT COUNT(*) FROM customers WHERE city = 'Krakow'	shop
SELECT name FROM products WHERE category = 'games'	shop
SELECT COUNT(*) FROM customers WHERE age > 50	shop
SELECT price FROM products WHERE name = 'Fast book 41'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red sport 6'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Lyon'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'tools' AND T1.year = 2022	shop
SELECT name FROM products WHERE category = 'books' ORDER BY price DESC LIMIT 1	shop
SELECT T2.city FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'garden' GROUP BY T2.city ORDER BY COUNT(*) DESC LIMIT 1	shop
SELECT AVG(T3.price) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T2.city = 'Krakow'	shop
SELECT COUNT(*) FROM students WHERE city = 'Krakow'	school
SELECT title FROM courses WHERE department = 'physics'	school
SELECT COUNT(*) FROM students WHERE grade = 5	school
SELECT credits FROM courses WHERE title = 'Advanced mathematics'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in mathematics'	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'chemistry' AND T1.year = 2023	school
SELECT T3.name FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id INNER JOIN students AS T3 ON T1.student_id = T3.student_id WHERE T2.title = 'Intro to mathematics' ORDER BY T1.score DESC LIMIT 1	school
SELECT COUNT(*) FROM books WHERE genre = 'drama'	library
SELECT COUNT(*) FROM books WHERE published > 2005	library
SELECT pages FROM books WHERE title = 'The Harbor 67'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Ghent' AND year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 57'	library
SELECT COUNT(*) FROM books AS T1 INNER JOIN authors AS T2 ON T1.author_id = T2.author_id WHERE T2.country = 'India'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'fantasy' AND T1.branch_city = 'Krakow'	library
SELECT COUNT(*) FROM customers WHERE city = 'Dublin' AND age > 25	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Oslo' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red music 5' AND T1.year = 2019	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'games' AND T2.city = 'Basel'	shop
SELECT COUNT(*) FROM students WHERE city = 'Leeds' AND grade = 6	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to mathematics' AND T1.year = 2023	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'art' AND T1.year = 2023	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 55' AND T1.year = 2019	library
SELECT COUNT(*) FROM books WHERE genre = 'crime' AND published > 2010	library
SELECT COUNT(*) FROM customers WHERE city = 'Leeds'	shop
SELECT name FROM products WHERE category = 'books'	shop
SELECT COUNT(*) FROM customers WHERE age > 35	shop
SELECT price FROM products WHERE name = 'Blue game 10'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green kitchen 20'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Valencia'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'sports' AND T1.year = 2020	shop
SELECT name FROM products WHERE category = 'toys' ORDER BY price DESC LIMIT 1	shop
SELECT T2.city FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'music' GROUP BY T2.city ORDER BY COUNT(*) DESC LIMIT 1	shop
SELECT AVG(T3.price) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T2.city = 'Leeds'	shop
SELECT COUNT(*) FROM students WHERE city = 'Bergen'	school
SELECT COUNT(*) FROM students WHERE grade = 4	school
SELECT credits FROM courses WHERE title = 'Topics in history'	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'biology' AND T1.year = 2021	school
SELECT T3.name FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id INNER JOIN students AS T3 ON T1.student_id = T3.student_id WHERE T2.title = 'Topics in biology' ORDER BY T1.score DESC LIMIT 1	school
SELECT COUNT(*) FROM books WHERE published > 2015	library
SELECT pages FROM books WHERE title = 'The Letter 75'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Vienna' AND year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 35'	library
SELECT COUNT(*) FROM books AS T1 INNER JOIN authors AS T2 ON T1.author_id = T2.author_id WHERE T2.country = 'Austria'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'crime' AND T1.branch_city = 'Lyon'	library
SELECT COUNT(*) FROM customers WHERE city = 'Krakow' AND age > 45	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Valencia' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big book 25' AND T1.year = 2019	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'games' AND T2.city = 'Ghent'	shop
SELECT COUNT(*) FROM students WHERE city = 'Leeds' AND grade = 4	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to history' AND T1.year = 2021	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'art' AND T1.year = 2020	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 64' AND T1.year = 2019	library
SELECT COUNT(*) FROM books WHERE genre = 'drama' AND published > 2015	library
SELECT COUNT(*) FROM customers WHERE city = 'Oslo'	shop
SELECT price FROM products WHERE name = 'Big music 29'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue game 10'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Dublin'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'kitchen' AND T1.year = 2021	shop
SELECT AVG(T3.price) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T2.city = 'Basel'	shop
SELECT COUNT(*) FROM students WHERE city = 'Vienna'	school
SELECT COUNT(*) FROM students WHERE grade = 1	school
SELECT credits FROM courses WHERE title = 'Topics in mathematics'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to mathematics'	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'biology' AND T1.year = 2020	school
SELECT T3.name FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id INNER JOIN students AS T3 ON T1.student_id = T3.student_id WHERE T2.title = 'Seminar in mathematics' ORDER BY T1.score DESC LIMIT 1	school
SELECT pages FROM books WHERE title = 'The Letter 5'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Leeds' AND year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 86'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'drama' AND T1.branch_city = 'Lyon'	library
SELECT COUNT(*) FROM customers WHERE city = 'Dublin' AND age > 55	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Dublin' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small music 37' AND T1.year = 2022	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'garden' AND T2.city = 'Vienna'	shop
SELECT COUNT(*) FROM students WHERE city = 'Bergen' AND grade = 3	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in mathematics' AND T1.year = 2020	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'physics' AND T1.year = 2019	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 27' AND T1.year = 2023	library
SELECT COUNT(*) FROM books WHERE genre = 'science' AND published > 1990	library
SELECT price FROM products WHERE name = 'Red tool 7'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small game 34'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'books' AND T1.year = 2019	shop
SELECT credits FROM courses WHERE title = 'Topics in physics'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in history'	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'mathematics' AND T1.year = 2021	school
SELECT pages FROM books WHERE title = 'The Forest 69'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Bergen' AND year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 58'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'drama' AND T1.branch_city = 'Oslo'	library
SELECT COUNT(*) FROM customers WHERE city = 'Ghent' AND age > 60	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Ghent' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue game 10' AND T1.year = 2021	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'toys' AND T2.city = 'Lyon'	shop
SELECT COUNT(*) FROM students WHERE city = 'Turin' AND grade = 6	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced history' AND T1.year = 2019	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'art' AND T1.year = 2021	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 12' AND T1.year = 2021	library
SELECT COUNT(*) FROM books WHERE genre = 'science' AND published > 2015	library
SELECT price FROM products WHERE name = 'Small kitchen 36'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red book 1'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'kitchen' AND T1.year = 2023	shop
SELECT credits FROM courses WHERE title = 'Intro to mathematics'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in physics'	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'history' AND T1.year = 2022	school
SELECT pages FROM books WHERE title = 'The Lantern 58'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Dublin' AND year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 36'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'travel' AND T1.branch_city = 'Dublin'	library
SELECT COUNT(*) FROM customers WHERE city = 'Leeds' AND age > 70	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Dublin' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast music 45' AND T1.year = 2022	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'toys' AND T2.city = 'Oslo'	shop
SELECT COUNT(*) FROM students WHERE city = 'Basel' AND grade = 6	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in history' AND T1.year = 2022	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'biology' AND T1.year = 2020	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 68' AND T1.year = 2023	library
SELECT COUNT(*) FROM books WHERE genre = 'travel' AND published > 2015	library
SELECT price FROM products WHERE name = 'Blue toy 16'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red kitchen 4'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'kitchen' AND T1.year = 2020	shop
SELECT credits FROM courses WHERE title = 'Intro to art'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to biology'	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'mathematics' AND T1.year = 2023	school
SELECT pages FROM books WHERE title = 'The Mirror 86'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Turin' AND year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 2'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'fantasy' AND T1.branch_city = 'Turin'	library
SELECT COUNT(*) FROM customers WHERE city = 'Krakow' AND age > 35	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Vienna' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue sport 14' AND T1.year = 2021	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'kitchen' AND T2.city = 'Ghent'	shop
SELECT COUNT(*) FROM students WHERE city = 'Lyon' AND grade = 3	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in biology' AND T1.year = 2021	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'physics' AND T1.year = 2020	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 69' AND T1.year = 2022	library
SELECT COUNT(*) FROM books WHERE genre = 'fantasy' AND published > 2015	library
SELECT price FROM products WHERE name = 'Blue book 9'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast book 41'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'books' AND T1.year = 2020	shop
SELECT credits FROM courses WHERE title = 'Intro to chemistry'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced chemistry'	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'history' AND T1.year = 2020	school
SELECT pages FROM books WHERE title = 'The Bridge 80'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Dublin' AND year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 27'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'science' AND T1.branch_city = 'Vienna'	library
SELECT COUNT(*) FROM customers WHERE city = 'Turin' AND age > 25	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Leeds' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big tool 31' AND T1.year = 2022	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'garden' AND T2.city = 'Ghent'	shop
SELECT COUNT(*) FROM students WHERE city = 'Valencia' AND grade = 7	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in history' AND T1.year = 2023	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'physics' AND T1.year = 2022	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 54' AND T1.year = 2020	library
SELECT COUNT(*) FROM books WHERE genre = 'fantasy' AND published > 2010	library
SELECT price FROM products WHERE name = 'Blue sport 14'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big sport 30'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'sports' AND T1.year = 2021	shop
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'art' AND T1.year = 2019	school
SELECT pages FROM books WHERE title = 'The Mirror 56'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Lyon' AND year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 56'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'fantasy' AND T1.branch_city = 'Ghent'	library
SELECT COUNT(*) FROM customers WHERE city = 'Ghent' AND age > 55	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Valencia' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue toy 16' AND T1.year = 2020	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'books' AND T2.city = 'Ghent'	shop
SELECT COUNT(*) FROM students WHERE city = 'Valencia' AND grade = 9	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in biology' AND T1.year = 2019	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'chemistry' AND T1.year = 2022	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 14' AND T1.year = 2019	library
SELECT COUNT(*) FROM books WHERE genre = 'history' AND published > 1960	library
SELECT price FROM products WHERE name = 'Red sport 6'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green toy 24'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'music' AND T1.year = 2023	shop
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'chemistry' AND T1.year = 2019	school
SELECT pages FROM books WHERE title = 'The Stone 2'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Krakow' AND year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 55'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'history' AND T1.branch_city = 'Vienna'	library
SELECT COUNT(*) FROM customers WHERE city = 'Bergen' AND age > 45	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Basel' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue music 13' AND T1.year = 2023	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'toys' AND T2.city = 'Turin'	shop
SELECT COUNT(*) FROM students WHERE city = 'Porto' AND grade = 12	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced art' AND T1.year = 2022	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'biology' AND T1.year = 2022	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 64' AND T1.year = 2020	library
SELECT COUNT(*) FROM books WHERE genre = 'fantasy' AND published > 1960	library
SELECT price FROM products WHERE name = 'Small garden 35'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue tool 15'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'garden' AND T1.year = 2023	shop
SELECT pages FROM books WHERE title = 'The Stone 32'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Dublin' AND year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 65'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'poetry' AND T1.branch_city = 'Dublin'	library
SELECT COUNT(*) FROM customers WHERE city = 'Turin' AND age > 35	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Leeds' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big book 25' AND T1.year = 2022	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'music' AND T2.city = 'Basel'	shop
SELECT COUNT(*) FROM students WHERE city = 'Oslo' AND grade = 1	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to biology' AND T1.year = 2019	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 31' AND T1.year = 2023	library
SELECT COUNT(*) FROM books WHERE genre = 'crime' AND published > 2000	library
SELECT price FROM products WHERE name = 'Red garden 3'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue book 9'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'tools' AND T1.year = 2023	shop
SELECT pages FROM books WHERE title = 'The Letter 65'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Turin' AND year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 33'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'drama' AND T1.branch_city = 'Basel'	library
SELECT COUNT(*) FROM customers WHERE city = 'Bergen' AND age > 50	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Ghent' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big music 29' AND T1.year = 2022	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'books' AND T2.city = 'Basel'	shop
SELECT COUNT(*) FROM students WHERE city = 'Turin' AND grade = 12	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in art' AND T1.year = 2022	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 44' AND T1.year = 2022	library
SELECT COUNT(*) FROM books WHERE genre = 'crime' AND published > 2005	library
SELECT price FROM products WHERE name = 'Green toy 24'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green sport 22'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'music' AND T1.year = 2019	shop
SELECT pages FROM books WHERE title = 'The Window 73'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Porto' AND year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 71'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'history' AND T1.branch_city = 'Ghent'	library
SELECT COUNT(*) FROM customers WHERE city = 'Porto' AND age > 70	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Leeds' AND T1.year = 2020	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green toy 24' AND T1.year = 2019	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'games' AND T2.city = 'Turin'	shop
SELECT COUNT(*) FROM students WHERE city = 'Ghent' AND grade = 10	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to art' AND T1.year = 2023	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 88' AND T1.year = 2022	library
SELECT COUNT(*) FROM books WHERE genre = 'poetry' AND published > 1980	library
SELECT price FROM products WHERE name = 'Fast toy 48'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big garden 27'	shop
SELECT pages FROM books WHERE title = 'The Garden 64'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Turin' AND year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 48'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'science' AND T1.branch_city = 'Bergen'	library
SELECT COUNT(*) FROM customers WHERE city = 'Oslo' AND age > 70	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Bergen' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green music 21' AND T1.year = 2023	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'toys' AND T2.city = 'Vienna'	shop
SELECT COUNT(*) FROM students WHERE city = 'Ghent' AND grade = 7	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in art' AND T1.year = 2021	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 39' AND T1.year = 2022	library
SELECT COUNT(*) FROM books WHERE genre = 'history' AND published > 2010	library
SELECT price FROM products WHERE name = 'Green music 21'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big music 29'	shop
SELECT pages FROM books WHERE title = 'The Garden 24'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Oslo' AND year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 5'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'fantasy' AND T1.branch_city = 'Oslo'	library
SELECT COUNT(*) FROM customers WHERE city = 'Turin' AND age > 55	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Bergen' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big kitchen 28' AND T1.year = 2019	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'books' AND T2.city = 'Vienna'	shop
SELECT COUNT(*) FROM students WHERE city = 'Krakow' AND grade = 6	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in mathematics' AND T1.year = 2021	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 23' AND T1.year = 2019	library
SELECT COUNT(*) FROM books WHERE genre = 'travel' AND published > 1960	library
SELECT price FROM products WHERE name = 'Red book 1'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast sport 46'	shop
SELECT pages FROM books WHERE title = 'The Stone 72'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Bergen' AND year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 53'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'science' AND T1.branch_city = 'Dublin'	library
SELECT COUNT(*) FROM customers WHERE city = 'Bergen' AND age > 25	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Bergen' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast music 45' AND T1.year = 2023	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'sports' AND T2.city = 'Oslo'	shop
SELECT COUNT(*) FROM students WHERE city = 'Oslo' AND grade = 6	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced biology' AND T1.year = 2019	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 57' AND T1.year = 2019	library
SELECT COUNT(*) FROM books WHERE genre = 'fantasy' AND published > 1970	library
SELECT pages FROM books WHERE title = 'The Window 3'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Bergen' AND year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 26'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'science' AND T1.branch_city = 'Krakow'	library
SELECT COUNT(*) FROM customers WHERE city = 'Lyon' AND age > 70	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Ghent' AND T1.year = 2022	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green book 17' AND T1.year = 2020	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'books' AND T2.city = 'Lyon'	shop
SELECT COUNT(*) FROM students WHERE city = 'Leeds' AND grade = 3	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced history' AND T1.year = 2023	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 64' AND T1.year = 2021	library
SELECT COUNT(*) FROM books WHERE genre = 'history' AND published > 1980	library
SELECT pages FROM books WHERE title = 'The Stone 82'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Basel' AND year = 2023	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 24'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'fantasy' AND T1.branch_city = 'Vienna'	library
SELECT COUNT(*) FROM customers WHERE city = 'Lyon' AND age > 50	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Basel' AND T1.year = 2021	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast garden 43' AND T1.year = 2021	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'tools' AND T2.city = 'Bergen'	shop
SELECT COUNT(*) FROM students WHERE city = 'Leeds' AND grade = 8	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in chemistry' AND T1.year = 2020	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 22' AND T1.year = 2023	library
SELECT COUNT(*) FROM books WHERE genre = 'history' AND published > 2015	library
SELECT pages FROM books WHERE title = 'The Lantern 78'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Turin' AND year = 2020	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 60'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'travel' AND T1.branch_city = 'Leeds'	library
SELECT COUNT(*) FROM customers WHERE city = 'Dublin' AND age > 30	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Krakow' AND T1.year = 2019	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red garden 3' AND T1.year = 2021	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'kitchen' AND T2.city = 'Lyon'	shop
SELECT COUNT(*) FROM students WHERE city = 'Turin' AND grade = 1	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in chemistry' AND T1.year = 2023	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 54' AND T1.year = 2023	library
SELECT COUNT(*) FROM books WHERE genre = 'science' AND published > 1960	library
SELECT pages FROM books WHERE title = 'The Lantern 68'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Dublin' AND year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 67'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'drama' AND T1.branch_city = 'Turin'	library
SELECT COUNT(*) FROM customers WHERE city = 'Leeds' AND age > 40	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Leeds' AND T1.year = 2023	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big tool 31' AND T1.year = 2020	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'sports' AND T2.city = 'Valencia'	shop
SELECT COUNT(*) FROM students WHERE city = 'Basel' AND grade = 5	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to biology' AND T1.year = 2020	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 10' AND T1.year = 2020	library
SELECT pages FROM books WHERE title = 'The Garden 74'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 23'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'poetry' AND T1.branch_city = 'Turin'	library
SELECT COUNT(*) FROM customers WHERE city = 'Lyon' AND age > 60	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Blue tool 15' AND T1.year = 2022	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'sports' AND T2.city = 'Lyon'	shop
SELECT COUNT(*) FROM students WHERE city = 'Lyon' AND grade = 7	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in chemistry' AND T1.year = 2022	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 8' AND T1.year = 2023	library
SELECT pages FROM books WHERE title = 'The Mirror 26'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 90'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'poetry' AND T1.branch_city = 'Leeds'	library
SELECT COUNT(*) FROM customers WHERE city = 'Dublin' AND age > 45	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red toy 8' AND T1.year = 2021	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'toys' AND T2.city = 'Porto'	shop
SELECT COUNT(*) FROM students WHERE city = 'Oslo' AND grade = 4	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in physics' AND T1.year = 2022	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 58' AND T1.year = 2022	library
SELECT pages FROM books WHERE title = 'The Bridge 70'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 34'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'crime' AND T1.branch_city = 'Valencia'	library
SELECT COUNT(*) FROM customers WHERE city = 'Oslo' AND age > 60	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red sport 6' AND T1.year = 2021	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'kitchen' AND T2.city = 'Porto'	shop
SELECT COUNT(*) FROM students WHERE city = 'Basel' AND grade = 11	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced biology' AND T1.year = 2020	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 85' AND T1.year = 2019	library
SELECT pages FROM books WHERE title = 'The Window 43'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 73'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'history' AND T1.branch_city = 'Dublin'	library
SELECT COUNT(*) FROM customers WHERE city = 'Leeds' AND age > 50	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green game 18' AND T1.year = 2022	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'games' AND T2.city = 'Vienna'	shop
SELECT COUNT(*) FROM students WHERE city = 'Bergen' AND grade = 7	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced biology' AND T1.year = 2023	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 2' AND T1.year = 2022	library
SELECT pages FROM books WHERE title = 'The Window 33'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 59'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'drama' AND T1.branch_city = 'Vienna'	library
SELECT COUNT(*) FROM customers WHERE city = 'Turin' AND age > 40	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green garden 19' AND T1.year = 2019	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'garden' AND T2.city = 'Basel'	shop
SELECT COUNT(*) FROM students WHERE city = 'Vienna' AND grade = 10	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in chemistry' AND T1.year = 2021	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 5' AND T1.year = 2022	library
SELECT pages FROM books WHERE title = 'The Letter 45'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 1'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'history' AND T1.branch_city = 'Porto'	library
SELECT COUNT(*) FROM customers WHERE city = 'Ghent' AND age > 30	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small game 34' AND T1.year = 2023	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'kitchen' AND T2.city = 'Valencia'	shop
SELECT COUNT(*) FROM students WHERE city = 'Bergen' AND grade = 11	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in art' AND T1.year = 2021	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 45' AND T1.year = 2020	library
SELECT pages FROM books WHERE title = 'The Garden 4'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 81'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'poetry' AND T1.branch_city = 'Ghent'	library
SELECT COUNT(*) FROM customers WHERE city = 'Porto' AND age > 40	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green sport 22' AND T1.year = 2022	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'toys' AND T2.city = 'Leeds'	shop
SELECT COUNT(*) FROM students WHERE city = 'Turin' AND grade = 3	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in chemistry' AND T1.year = 2023	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 35' AND T1.year = 2022	library
SELECT pages FROM books WHERE title = 'The River 61'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 8'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'fantasy' AND T1.branch_city = 'Basel'	library
SELECT COUNT(*) FROM customers WHERE city = 'Vienna' AND age > 30	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast book 41' AND T1.year = 2021	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'kitchen' AND T2.city = 'Basel'	shop
SELECT COUNT(*) FROM students WHERE city = 'Vienna' AND grade = 7	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in history' AND T1.year = 2021	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 73' AND T1.year = 2021	library
SELECT pages FROM books WHERE title = 'The Mirror 46'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 64'	library
SELECT COUNT(*) FROM customers WHERE city = 'Valencia' AND age > 40	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red kitchen 4' AND T1.year = 2020	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'music' AND T2.city = 'Krakow'	shop
SELECT COUNT(*) FROM students WHERE city = 'Oslo' AND grade = 3	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in biology' AND T1.year = 2020	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 1' AND T1.year = 2023	library
SELECT pages FROM books WHERE title = 'The Harbor 87'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 72'	library
SELECT COUNT(*) FROM customers WHERE city = 'Turin' AND age > 70	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green tool 23' AND T1.year = 2022	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'toys' AND T2.city = 'Ghent'	shop
SELECT COUNT(*) FROM students WHERE city = 'Vienna' AND grade = 6	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in biology' AND T1.year = 2019	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Mirror 76' AND T1.year = 2020	library
SELECT COUNT(*) FROM customers WHERE city = 'Oslo' AND age > 50	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast tool 47' AND T1.year = 2021	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'tools' AND T2.city = 'Turin'	shop
SELECT COUNT(*) FROM students WHERE city = 'Turin' AND grade = 11	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to physics' AND T1.year = 2022	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Forest 49' AND T1.year = 2023	library
SELECT COUNT(*) FROM customers WHERE city = 'Leeds' AND age > 65	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big toy 32' AND T1.year = 2022	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'toys' AND T2.city = 'Basel'	shop
SELECT COUNT(*) FROM students WHERE city = 'Krakow' AND grade = 2	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in history' AND T1.year = 2023	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Harbor 47' AND T1.year = 2020	library
SELECT COUNT(*) FROM customers WHERE city = 'Krakow' AND age > 50	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small tool 39' AND T1.year = 2020	shop
SELECT COUNT(*) FROM students WHERE city = 'Bergen' AND grade = 10	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in art' AND T1.year = 2019	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 21' AND T1.year = 2023	library
SELECT COUNT(*) FROM customers WHERE city = 'Lyon' AND age > 25	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Small book 33' AND T1.year = 2022	shop
SELECT COUNT(*) FROM students WHERE city = 'Porto' AND grade = 7	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to art' AND T1.year = 2022	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Letter 75' AND T1.year = 2020	library
SELECT COUNT(*) FROM customers WHERE city = 'Dublin' AND age > 60	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Green kitchen 20' AND T1.year = 2022	shop
SELECT COUNT(*) FROM students WHERE city = 'Lyon' AND grade = 1	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced chemistry' AND T1.year = 2021	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Lantern 78' AND T1.year = 2023	library
SELECT COUNT(*) FROM customers WHERE city = 'Vienna' AND age > 45	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast book 41' AND T1.year = 2023	shop
SELECT COUNT(*) FROM students WHERE city = 'Leeds' AND grade = 2	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to physics' AND T1.year = 2023	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Garden 14' AND T1.year = 2022	library
SELECT COUNT(*) FROM customers WHERE city = 'Oslo' AND age > 45	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Red game 2' AND T1.year = 2020	shop
SELECT COUNT(*) FROM students WHERE city = 'Valencia' AND grade = 6	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Intro to art' AND T1.year = 2021	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Window 83' AND T1.year = 2023	library
SELECT COUNT(*) FROM customers WHERE city = 'Leeds' AND age > 45	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Big garden 27' AND T1.year = 2021	shop
SELECT COUNT(*) FROM students WHERE city = 'Bergen' AND grade = 4	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in physics' AND T1.year = 2019	school
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Stone 32' AND T1.year = 2020	library
SELECT COUNT(*) FROM customers WHERE city = 'Bergen' AND age > 65	shop
SELECT COUNT(*) FROM customers WHERE city = 'Turin'	shop
SELECT name FROM products WHERE category = 'kitchen'	shop
SELECT COUNT(*) FROM customers WHERE age > 65	shop
SELECT price FROM products WHERE name = 'Blue tool 15'	shop
